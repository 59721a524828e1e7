/** What the symbol rule reads of a memory. */
interface Titled {
  title: string;
  files_modified: string;
  files_read: string;
}

/** Words of a title that say the thing it names is no longer as it was. */
const CONTRADICTS =
  /\b(?:no\s+longer|instead\s+of|any\s?more|not\s+(?:used|needed|called)|removed|deleted|dropped|reverted|replaced|renamed|deprecated|does\s+not|doesn't|is\s+not|isn't|never)\b/i;
/** `code` spans, calls `name()`, camelCase, PascalCase with an inner capital, snake_case. */
const SYMBOL =
  /`([^`\s]{3,60})`|\b([A-Za-z_$][\w$]*)\(\)|\b([a-z]+[A-Z][\w$]*|[A-Z][a-z]+[A-Z][\w$]*|[a-z]+_[a-z_]+)\b/g;

const list = (text: string): string[] => {
  const parsed: unknown = JSON.parse(text || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

function symbolsOf(title: string): string[] {
  const found = [...title.matchAll(SYMBOL)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  return [...new Set(found.filter((symbol) => symbol.length >= 3 && !symbol.includes('/')))].slice(
    0,
    4,
  );
}

const filesOf = (row: Titled): Set<string> =>
  new Set([...list(row.files_modified), ...list(row.files_read)]);

/**
 * The rule "same file and symbol with a contradicting title": both memories name a file in
 * common and a symbol in their titles, the titles differ, and the newer one's says the older
 * no longer holds (removed, replaced, no longer, instead of...). Returns the subject or
 * undefined.
 */
function between(older: Titled, newer: Titled): string | undefined {
  if (older.title === newer.title || !CONTRADICTS.test(newer.title)) return undefined;
  const files = filesOf(older);
  const file = [...filesOf(newer)].find((name) => files.has(name));
  if (!file) return undefined;
  const symbols = new Set(symbolsOf(older.title));
  const symbol = symbolsOf(newer.title).find((name) => symbols.has(name));
  return symbol ? `symbol:${file}#${symbol}` : undefined;
}

/** The symbol rule of supersession (src/store/memory/supersession.ts). */
export const symbolClash = { symbolsOf, between };
