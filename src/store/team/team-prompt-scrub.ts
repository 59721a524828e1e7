import { stmt, type Db } from '../statements.ts';

/** What stands where a shared row quoted a prompt. */
export const PROMPT_OMITTED = '(prompt omitted)';

/** A prompt line shorter than this is too common to tell a quote from a coincidence. */
const MIN_LINE = 16;
/** A quote is found by the first characters of a line, then followed as far as it agrees. */
const PROBE = 24;

/** The lines of the session's prompts that a quote could be told by. */
function promptLines(db: Db, sessionRowId: number): string[] {
  const texts = stmt(db, 'SELECT text FROM prompts WHERE session_id = ?')
    .pluck()
    .all(sessionRowId) as string[];
  const lines = texts.flatMap((text) => text.split('\n').map((line) => line.trim()));
  return [...new Set(lines.filter((line) => line.length >= MIN_LINE))];
}

/** `text` with every run that agrees with `line` from its first PROBE characters replaced. */
function withoutQuotes(text: string, line: string): string {
  const probe = line.slice(0, PROBE);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(probe); at !== -1; at = text.indexOf(probe, from)) {
    let end = at + probe.length;
    while (end < text.length && end - at < line.length && text[end] === line[end - at]) end += 1;
    out += text.slice(from, at) + PROMPT_OMITTED;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * The text fields of a shared row's body with any quote of its session's prompts taken out (a
 * whole line, or a line cut short as `firstLine` cuts it). The heuristic no longer quotes
 * prompts; this holds the promise for what an LLM provider or an older row wrote: nothing of a
 * prompt leaves the machine (issue 30).
 */
export function scrubPrompts(
  db: Db,
  sessionRowId: number | null,
  body: Record<string, string | number | null>,
): Record<string, string | number | null> {
  if (sessionRowId === null) return body;
  const lines = promptLines(db, sessionRowId);
  if (lines.length === 0) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' ? lines.reduce(withoutQuotes, value) : value,
    ]),
  );
}
