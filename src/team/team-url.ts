/**
 * A team URL's password, which may sit in two places: the user part (`postgres://u:X@h/db`) or
 * the query (`postgres://u@h/db?password=X`, which node-postgres reads as well). Settings, status
 * and messages only ever see the URL without it.
 */

/** Whether `url` is a postgres:// or postgresql:// URL (what `team connect` and the admin take). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url) && URL.canParse(url);
}

/** A URL split into the URL without its password (what settings keep) and the password. */
export function splitPassword(url: string): { url: string; password?: string } {
  const parsed = new URL(url);
  const inUser = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  const inQuery = parsed.searchParams.get('password') ?? undefined;
  parsed.password = '';
  parsed.searchParams.delete('password');
  const password = inUser ?? inQuery;
  return { url: parsed.toString(), ...(password === undefined ? {} : { password }) };
}

/** `url` with `password` put in its user part (in memory only, for node-postgres). */
export function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * The URL as status, the API and messages show it: without a password wherever it was; a URL
 * that does not parse is not shown at all (it might be a password pasted in the wrong place).
 */
export function shownUrl(url: string): string {
  return URL.canParse(url) ? splitPassword(url).url : '(a URL that does not parse: not shown)';
}

/** What a refused URL is called in an error: its scheme at most, never the rest. */
export function refusedUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `a "${scheme}:" URL` : 'a value that is not a URL';
}
