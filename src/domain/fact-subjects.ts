/**
 * What a memory states about a subject, read by rules that need no LLM (issue 34): a setting's
 * value (`KEY=value`, `changed KEY to value`), a version (`react@18.3`, `Node 20`), a port, where
 * a thing lives, who owns it, an approach replaced by another. Two memories of a project that
 * state the same subject with different values disagree: the newer wins. The rules are narrow
 * on purpose: a false subject would hide a true memory.
 */

/** What a fact is about. */
export type FactKind = 'setting' | 'version' | 'port' | 'place' | 'owner' | 'choice';

/** One stated fact: `subject` (kind-prefixed, lower case) and its value as written. */
export interface Fact {
  kind: FactKind;
  subject: string;
  value: string;
}

/** Words that never name a subject (verbs, articles, prepositions, generic nouns). */
const STOP = new Set(
  (
    'a an the this that its it is are was were be been now then so and or of on in at to from by ' +
    'for with via into onto as runs run running listens listen listening serves serve served ' +
    'uses use using used moved move changed change set sets switched switch updated update ' +
    'bumped bump upgraded upgrade pinned pin default defaults new old still also no not ' +
    'edited created rewrote added lives live lived kept stored located sits sit found ' +
    'version versions port ports value number line lines file files which where when here there'
  ).split(' '),
);

const norm = (text: string): string =>
  text
    .toLowerCase()
    .replace(/^[`'"]+|[`'".,;:)]+$/g, '')
    .replace(/\/+$/, '');

/** Up to 3 content words of `text`, its last ones, as a subject. */
function subjectWords(text: string): string {
  const words = text
    .toLowerCase()
    .split(/[^\w./@-]+/)
    .filter((word) => word !== '' && !STOP.has(word) && !/^\d/.test(word));
  return words.slice(-3).join(' ');
}

/** A plain lowercase key (`timeout`) means something only within its file. */
const plainKey = (key: string): boolean => /^[a-z][a-z0-9]*$/.test(key);

const SETTING_EQ =
  /(?<![\w.$-])([A-Za-z_][\w.-]*[A-Za-z0-9_])\s*=\s*("[^"\n]*"|'[^'\n]*'|[^\s,;`)]+)/g;
const SETTING_TO =
  /\b(?:changed|changes|set|sets|switched|bumped|raised|lowered|updated|increased|decreased|reduced)\s+(?:the\s+)?`?([A-Za-z_][\w.-]*[A-Za-z0-9_])`?\s+(?:from\s+\S+\s+)?to\s+`?("[^"\n]*"|[^\s,;`]+)/gi;
const SETTING_NOW =
  /\b`?([A-Z][A-Z0-9]*_[A-Z0-9_]+|[a-z]\w*\.[a-z][\w.]*)`?\s+(?:is\s+)?now\s+`?([^\s,;`]+)/g;
const VERSION_AT = /(?<![\w/])((?:@[\w-]+\/)?[A-Za-z][\w.-]*)@v?(\d+(?:\.\d+){0,2})\b/g;
const VERSION_WORD =
  /\b([A-Za-z][\w+-]*(?:\.js)?)\s+(?:to\s+|at\s+)?(?:version\s+|v)(\d+(?:\.\d+){0,2})\b/gi;
const VERSION_VERB =
  /\b(?:upgrade[sd]?|bump(?:s|ed)?|pin(?:s|ned)?|downgraded|updated|require[sd]?|use[sd]?|on|to)\s+([A-Za-z][\w+-]*(?:\.js)?)\s+(?:to\s+|at\s+)?v?(\d+(?:\.\d+){0,2})\b/gi;
const VERSION_DOTTED = /\b([A-Za-z][\w+-]*(?:\.js)?)\s+v?(\d+\.\d+(?:\.\d+)?)\b/g;
const PORT = /\bport\s*(?:[:=]|is|to|of|number)?\s*(\d{2,5})\b/gi;
const PATH_VALUE = '`?((?:\\.{0,2}\\/)?[\\w.-]+\\/[\\w./-]*)`?';
const THING = '([A-Za-z][\\w.-]*(?:\\s+[A-Za-z][\\w.-]*){0,3}?)';
const PLACE = new RegExp(
  `\\b${THING}\\s+(?:(?:is|are|was|were)\\s+(?:now\\s+)?(?:(?:kept|stored|located|moved)\\s+)?|(?:now\\s+)?(?:lives?|kept|stored|located|moved|sits?)\\s+)(?:now\\s+)?(?:in|at|to|under|into)\\s+${PATH_VALUE}`,
  'gi',
);
const PLACE_MOVED = new RegExp(
  `\\bmoved\\s+(?:the\\s+)?${THING}\\s+(?:to|into|under)\\s+${PATH_VALUE}`,
  'gi',
);
const OWNER =
  /\b([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){0,3}?)\s+(?:is\s+)?(?:now\s+)?(?:owned|maintained|run)\s+by\s+(@?[\w.-]+)/gi;
const OWNER_MOVED =
  /\bownership\s+of\s+(?:the\s+)?([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){0,3}?)\s+(?:moved|went|passed)\s+to\s+(@?[\w.-]+)/gi;
const REPLACED = [
  /\b(?:switched|migrated|moved)\s+(?:\w+\s+){0,3}?from\s+`?([\w.@/-]+)`?\s+to\s+`?([\w.@/-]+)/gi,
  /\breplaced\s+`?([\w.@/-]+)`?\s+with\s+`?([\w.@/-]+)/gi,
];
const INSTEAD = /\b`?([\w.@/-]+)`?\s+instead\s+of\s+`?([\w.@/-]+)/gi;
/** An older memory's wording that states a choice (so a replacement can contradict it). */
const CHOSE =
  /\b(?:uses?|using|chose|chosen|choose|picked|adopted|went\s+with|via|with|on|decided)\b/i;

/**
 * What a text must hold for each pattern to match at all, tested first: most texts state no
 * fact, and the patterns that look for a subject of up to four words try at every word
 * (newest-wins reads the title of every search hit; issue 33).
 */
const NEEDS = new Map<RegExp, RegExp>([
  [SETTING_EQ, /=/],
  [SETTING_TO, /\sto\s/i],
  [SETTING_NOW, /\snow\s/],
  [VERSION_AT, /@/],
  [VERSION_WORD, /version|v\d/i],
  [VERSION_VERB, /\sv?\d/i],
  [VERSION_DOTTED, /\d\.\d/],
  [PORT, /port/i],
  [PLACE, /\//],
  [PLACE_MOVED, /\//],
  [OWNER, /\sby\s/i],
  [OWNER_MOVED, /ownership/i],
  [REPLACED[0]!, /\sfrom\s/i],
  [REPLACED[1]!, /replaced/i],
  [INSTEAD, /instead/i],
]);

/** The matches of `pattern` in `text` (none without what it needs). */
const matchesOf = (text: string, pattern: RegExp): Iterable<RegExpMatchArray> =>
  NEEDS.get(pattern)?.test(text) === false ? [] : text.matchAll(pattern);

const NOT_VERSIONED = new Set([
  'port',
  'line',
  'lines',
  'step',
  'phase',
  'issue',
  'pr',
  'migration',
]);

function settings(text: string, file: string | undefined): Fact[] {
  const found: Fact[] = [];
  for (const pattern of [SETTING_EQ, SETTING_TO, SETTING_NOW]) {
    for (const [, key = '', value = ''] of matchesOf(text, pattern)) {
      if (key === 'port') continue; // `changed port to N`: a port fact (PORT below)
      if (plainKey(key) && !file) continue;
      const subject = plainKey(key) ? `setting:${file}#${key}` : `setting:${key.toLowerCase()}`;
      found.push({ kind: 'setting', subject, value: norm(value) });
    }
  }
  return found;
}

function versions(text: string): Fact[] {
  const found: Fact[] = [];
  for (const pattern of [VERSION_AT, VERSION_WORD, VERSION_VERB, VERSION_DOTTED]) {
    for (const [, name = '', value = ''] of matchesOf(text, pattern)) {
      const key = name.toLowerCase();
      if (STOP.has(key) || NOT_VERSIONED.has(key) || /^\d/.test(key)) continue;
      found.push({ kind: 'version', subject: `version:${key}`, value });
    }
  }
  return found;
}

function ports(text: string, file: string | undefined): Fact[] {
  return [...matchesOf(text, PORT)].flatMap((match) => {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 60), match.index);
    const clause = before.split(/[.;:!?()\n]|,\s/).at(-1) ?? '';
    const words = subjectWords(clause) || (file ? `file ${file}` : '');
    return words
      ? [{ kind: 'port' as const, subject: `port:${words}`, value: match[1] ?? '' }]
      : [];
  });
}

function places(text: string): Fact[] {
  const found: Fact[] = [];
  const patterns = [
    ['place', PLACE],
    ['place', PLACE_MOVED],
    ['owner', OWNER],
    ['owner', OWNER_MOVED],
  ] as const;
  for (const [kind, pattern] of patterns) {
    for (const [, thing = '', value = ''] of matchesOf(text, pattern)) {
      const words = subjectWords(thing);
      if (words) found.push({ kind, subject: `${kind}:${words}`, value: norm(value) });
    }
  }
  return found;
}

function choices(text: string): Fact[] {
  const found: Fact[] = [];
  for (const pattern of REPLACED) {
    for (const [, old = '', now = ''] of matchesOf(text, pattern))
      found.push({ kind: 'choice', subject: `choice:${norm(old)}`, value: norm(now) });
  }
  for (const [, now = '', old = ''] of matchesOf(text, INSTEAD))
    found.push({ kind: 'choice', subject: `choice:${norm(old)}`, value: norm(now) });
  return found;
}

/**
 * The facts `text` states. `file` (the one file a memory is about, when it is about one) scopes
 * plain keys (`timeout = 30` in two files are two subjects) and unnamed ports.
 */
export function factsOf(text: string, file?: string): Fact[] {
  const all = [
    ...settings(text, file),
    ...versions(text),
    ...ports(text, file),
    ...places(text),
    ...choices(text),
  ];
  const seen = new Set<string>();
  return all.filter((fact) => {
    const key = `${fact.subject}=${fact.value}`;
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * The subject on which `newer` states a value different from `older`, or undefined. A `choice`
 * of the newer (X replaced Y) contradicts an older text that chose Y (`uses Y`, `with Y`).
 */
export function disagreement(
  older: { facts: readonly Fact[]; text: string },
  newer: readonly Fact[],
): string | undefined {
  const stated = new Map<string, Set<string>>();
  for (const fact of older.facts)
    stated.set(fact.subject, (stated.get(fact.subject) ?? new Set()).add(fact.value));
  for (const fact of newer) {
    if (fact.kind === 'choice') {
      const old = fact.subject.slice('choice:'.length);
      // The older chose it in words (`uses jest`) or by a replacement of its own (`to jest`).
      const chosen = older.facts.some((had) => had.kind === 'choice' && had.value === old);
      if (chosen || choseWord(older.text, old)) return fact.subject;
      continue;
    }
    const values = stated.get(fact.subject);
    if (values && !values.has(fact.value)) return fact.subject;
  }
  return undefined;
}

function choseWord(text: string, word: string): boolean {
  if (word.length < 3) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const at = new RegExp(`(?:^|[^\\w.-])${escaped}(?:$|[^\\w-])`, 'i').exec(text);
  return at !== null && CHOSE.test(text) && !/\binstead\s+of\b|\breplaced\b/i.test(text);
}
