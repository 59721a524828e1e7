import { stmt, type Db } from '../store/index.ts';

// What a query phrase stands for in observations_fts: the index keeps stemmed tokens (`porter
// unicode61`: `Migrations` is `migrat`), so `"workers"`, `"Worker"` and `"worker"` match the same
// documents, and the phrase lists (term-lists.ts) keep one list for them, under the token's own
// phrase. Words are split by the index's own tokenizer, in a temporary contentless FTS5 table of
// the connection (nothing written to the store): a stemmer written again here could differ from
// FTS5's in one word, and that word's list would be another word's.

/** Connections whose tokenizer table is made, or cannot be (false: keys stay as written). */
const ready = new WeakMap<Db, boolean>();
/** observations_fts's tokenizer as its CREATE statement names it, once read. */
const tokenizers = new WeakMap<Db, string>();
/** Each connection's phrases and the key each stands for. */
const keys = new WeakMap<Db, Map<string, string>>();
/** Each connection's tokens and the phrase of each (undefined: a stem that would stem again). */
const terms = new WeakMap<Db, Map<string, string | undefined>>();
/** Phrases (and tokens) remembered, at most (then forgotten together). */
const KEPT = 20_000;

const TOKENS = 'claude_mem_tokens';

/** observations_fts's tokenizer, as its CREATE statement says (FTS5's default without one). */
function tokenizerOf(db: Db): string {
  const sql = stmt(db, `SELECT sql FROM sqlite_master WHERE name = 'observations_fts'`)
    .pluck()
    .get() as string | undefined;
  return (
    /tokenize\s*=\s*'((?:[^']|'')*)'/i.exec(sql ?? '')?.[1]?.replaceAll("''", "'") ?? 'unicode61'
  );
}

function prepared(db: Db): boolean {
  const known = ready.get(db);
  if (known !== undefined) return known;
  let made = false;
  try {
    const named = tokenizerOf(db);
    tokenizers.set(db, named.trim().toLowerCase().replace(/\s+/g, ' '));
    const tokenizer = named.replaceAll("'", "''");
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${TOKENS}
         USING fts5(t, tokenize = '${tokenizer}', content = '');
       CREATE VIRTUAL TABLE IF NOT EXISTS temp.${TOKENS}_terms
         USING fts5vocab(temp, ${TOKENS}, instance);`,
    );
    made = true;
  } catch {
    // A SQLite without FTS5's vocabulary tables, a connection that cannot write its temporary
    // schema: every phrase is its own key, as before.
  }
  ready.set(db, made);
  return made;
}

/** The index's tokens of `text`, in order; undefined when they cannot be had. */
export function tokensOf(db: Db, text: string): string[] | undefined {
  if (!prepared(db)) return undefined;
  try {
    stmt(db, `INSERT INTO temp.${TOKENS} (rowid, t) VALUES (1, ?)`).run(text);
    return stmt(db, `SELECT term FROM temp.${TOKENS}_terms ORDER BY offset`)
      .pluck()
      .all() as string[];
  } catch {
    return undefined;
  } finally {
    try {
      stmt(db, `INSERT INTO temp.${TOKENS} (${TOKENS}) VALUES ('delete-all')`).run();
    } catch {
      ready.set(db, false);
    }
  }
}

const PHRASE = /^"((?:[^"]|"")*)"$/;
const quote = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * The phrase of the index's token `term` (`"migrat"`), when the phrase is that one token again
 * (a stem the stemmer would shorten further is not: its phrase matches another token).
 */
export function termPhrase(db: Db, term: string): string | undefined {
  let known = terms.get(db);
  if (known?.has(term)) return known.get(term);
  const again = tokensOf(db, term);
  const phrase = again?.length === 1 && again[0] === term ? quote(term) : undefined;
  // Remembered: the terms read ahead (lists-ahead.ts) are most words' first searches' tokens.
  if (again) {
    if (!known || known.size >= KEPT) terms.set(db, (known = new Map()));
    known.set(term, phrase);
  }
  return phrase;
}

/**
 * The phrase of a known token that `text` is as written: plain ASCII letters and digits are one
 * token under unicode61 (the index's tokenizer, without options), lowercased and stemmed, so
 * when the lowercased word is already a token whose stem is itself (termPhrase found it so, as
 * it does for every term read ahead) it stands for that token, and nothing is tokenized.
 */
function knownToken(db: Db, text: string): string | undefined {
  if (!PLAIN.test(text) || !PLAIN_TOKENIZERS.has(tokenizers.get(db) ?? '')) return undefined;
  const word = text.toLowerCase();
  const phrase = terms.get(db)?.get(word);
  return phrase === quote(word) ? phrase : undefined;
}

const PLAIN = /^[A-Za-z0-9]+$/;
const PLAIN_TOKENIZERS = new Set(['porter unicode61', 'porter', 'unicode61']);

/**
 * The key of a match phrase in the lists: the phrase of the one token it stands for, or the
 * phrase itself (several tokens, a prefix, a token whose phrase is not itself).
 */
export function phraseKey(db: Db, phrase: string): string {
  let known = keys.get(db);
  const kept = known?.get(phrase);
  if (kept !== undefined) return kept;
  const text = PHRASE.exec(phrase)?.[1];
  const key =
    (text !== undefined && knownToken(db, text)) ||
    (text !== undefined && tokenKey(db, text.replaceAll('""', '"'))) ||
    phrase;
  if (!known || known.size >= KEPT) keys.set(db, (known = new Map()));
  known.set(phrase, key);
  return key;
}

/** The phrase of the one token `text` is, when it is one whose phrase is itself. */
function tokenKey(db: Db, text: string): string | undefined {
  const tokens = tokensOf(db, text);
  return tokens?.length === 1 ? termPhrase(db, tokens[0]!) : undefined;
}

const VOCABULARY = 'claude_mem_index_terms';
const vocabularies = new WeakSet<Db>();

/**
 * observations_fts's terms after `after` in the index's order, `limit` of them, each with the
 * number of documents holding it (FTS5 counts them by reading the terms' doclists); undefined
 * when its vocabulary cannot be read.
 */
export function indexTerms(
  db: Db,
  after: string,
  limit: number,
): Array<{ term: string; doc: number }> | undefined {
  try {
    if (!prepared(db)) return undefined;
    if (!vocabularies.has(db)) {
      db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${VOCABULARY}
           USING fts5vocab(main, observations_fts, row)`,
      );
      vocabularies.add(db);
    }
    // No ORDER BY: the vocabulary comes in term order, and sorting it would read all of it.
    return stmt(db, `SELECT term, doc FROM temp.${VOCABULARY} WHERE term > ? LIMIT ?`).all(
      after,
      limit,
    ) as Array<{ term: string; doc: number }>;
  } catch {
    return undefined;
  }
}
