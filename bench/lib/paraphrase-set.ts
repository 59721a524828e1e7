// A paraphrase set of our own: coding memories of one project and questions that ask for them in
// other words. 10 areas x 8 parts make 80 components (`billing parser`, src/billing/parser.ts,
// billingParser); 13 kinds of work on each make 1,040 memories. A memory names its component the
// way code does (area and part words, the file, the identifier); its question names it by
// synonyms (`invoicing reader`) and says the work in other words, so the two share few words
// (measured and printed by bench/paraphrase.ts). Deterministic: a seeded generator picks the
// synonyms and the numbers.

/** One stored memory: fields as the compressor writes them. */
export interface ParaphraseMemory {
  title: string;
  narrative: string;
  facts: string[];
  filesModified: string[];
  /** What a compressor that knows some other words for it might write (see searchKeys). */
  searchKeys: string;
}

/** One question, its other phrasings (as an agent asked for 2-4 would write) and its memory. */
export interface ParaphraseQuestion {
  text: string;
  phrasings: string[];
  target: number;
}

const AREAS: Array<[string, string[]]> = [
  ['billing', ['invoicing', 'payments', 'charges']],
  ['search', ['lookup', 'finder', 'query']],
  ['upload', ['file transfer', 'attachment intake', 'ingestion']],
  ['auth', ['login', 'sign-in', 'credentials']],
  ['email', ['mail', 'notifications', 'newsletter']],
  ['report', ['dashboard', 'analytics', 'statistics']],
  ['inventory', ['stock', 'warehouse', 'catalogue']],
  ['schedule', ['calendar', 'booking', 'appointments']],
  ['chat', ['messaging', 'conversations', 'inbox']],
  ['geo', ['maps', 'location', 'coordinates']],
];

const PARTS: Array<[string, string[]]> = [
  ['parser', ['reader', 'decoder', 'deserializer']],
  ['handler', ['endpoint', 'route', 'controller']],
  ['client', ['connector', 'sdk wrapper', 'api binding']],
  ['worker', ['background job', 'daemon', 'consumer']],
  ['validator', ['checker', 'input rules', 'sanity checks']],
  ['exporter', ['export', 'dump', 'download']],
  ['cache', ['memo layer', 'lru', 'stored results']],
  ['store', ['repository', 'persistence', 'database layer']],
];

/** A kind of work: the memory's wording, and three question wordings that avoid its words. */
interface Work {
  memory: (c: Component, n: number) => { title: string; narrative: string; fact: string };
  questions: Array<(name: string) => string>;
  keys: string;
}

interface Component {
  words: string;
  file: string;
  identifier: string;
}

const WORKS: Work[] = [
  {
    memory: (c, n) => ({
      title: `Raised the ${c.words} timeout to ${n} s`,
      narrative: `Slow disks made ${c.identifier} give up early; the timeout in ${c.file} is now ${n} seconds.`,
      fact: `${c.identifier} timeout: ${n} s`,
    }),
    questions: [
      (s) => `why does the ${s} wait longer before abandoning a call`,
      (s) => `how long is the ${s} allowed to hang`,
      (s) => `${s} deadline was too short`,
    ],
    keys: 'deadline, gives up, hangs',
  },
  {
    memory: (c) => ({
      title: `Fixed ${c.words} crash on empty payload`,
      narrative: `${c.identifier} threw on an empty body; a guard in ${c.file} returns early before parsing.`,
      fact: `empty body guard in ${c.file}`,
    }),
    questions: [
      (s) => `what stopped the ${s} from blowing up on blank requests`,
      (s) => `${s} exception when nothing is sent`,
      (s) => `null input kills the ${s}`,
    ],
    keys: 'blank input, exception, nothing sent',
  },
  {
    memory: (c) => ({
      title: `Serialised writes in the ${c.words} with a mutex`,
      narrative: `Two workers shared a map in ${c.identifier} and corrupted it; a lock in ${c.file} now orders the writes.`,
      fact: `${c.file} guards its map with a lock`,
    }),
    questions: [
      (s) => `how did we stop parallel jobs clobbering ${s} state`,
      (s) => `race condition in the ${s}`,
      (s) => `concurrent updates broke the ${s} data`,
    ],
    keys: 'race condition, concurrency, thread safety',
  },
  {
    memory: (c, n) => ({
      title: `${c.words} limit comes from settings`,
      narrative: `${c.identifier} reads its maximum from the setting ${c.identifier}.max (default ${n}) in ${c.file}.`,
      fact: `setting ${c.identifier}.max defaults to ${n}`,
    }),
    questions: [
      (s) => `which option controls the ceiling of the ${s}`,
      (s) => `configure the cap for the ${s}`,
      (s) => `where is the ${s} threshold set`,
    ],
    keys: 'config, option, cap, threshold',
  },
  {
    memory: (c) => ({
      title: `Chose zod over joi for the ${c.words}`,
      narrative: `${c.identifier} validates with zod: smaller bundle, types inferred, no extra build step (${c.file}).`,
      fact: `${c.file} uses zod`,
    }),
    questions: [
      (s) => `what schema package did we pick for the ${s} and why`,
      (s) => `library decision behind ${s} input typing`,
      (s) => `why not joi in the ${s}`,
    ],
    keys: 'library choice, dependency, schema package',
  },
  {
    memory: (c) => ({
      title: `Flaky ${c.words} test used the wall clock`,
      narrative: `The ${c.identifier} spec depended on Date.now and failed near midnight; it now takes a fake clock.`,
      fact: `${c.identifier} spec uses a fake clock`,
    }),
    questions: [
      (s) => `how was the intermittent ${s} spec failure solved`,
      (s) => `${s} unit check fails randomly`,
      (s) => `nondeterministic ${s} suite near midnight`,
    ],
    keys: 'intermittent, randomly fails, nondeterministic test',
  },
  {
    memory: (c, n) => ({
      title: `Batched the ${c.words} queries`,
      narrative: `${c.identifier} ran one query per item (N+1); one SELECT per batch made it ${n}x faster.`,
      fact: `${c.file}: N+1 queries batched, ${n}x faster`,
    }),
    questions: [
      (s) => `what made the ${s} sluggish and how did it get quicker`,
      (s) => `${s} performance problem with the database`,
      (s) => `speed up the ${s}`,
    ],
    keys: 'slow, performance, speed up',
  },
  {
    memory: (c) => ({
      title: `${c.words} retries on ECONNRESET`,
      narrative: `When the upstream closed the socket early ${c.identifier} threw ECONNRESET; it now retries with backoff.`,
      fact: `${c.file} retries ECONNRESET with exponential backoff`,
    }),
    questions: [
      (s) => `connection dropped by the other side during ${s} calls`,
      (s) => `${s} peer hung up error`,
      (s) => `does the ${s} try again when the network resets`,
    ],
    keys: 'connection reset, network error, retry',
  },
  {
    memory: (c) => ({
      title: `Structured logs with request id in the ${c.words}`,
      narrative: `${c.identifier} logs JSON lines carrying the request id, so one call can be followed (${c.file}).`,
      fact: `${c.file} logs the request id`,
    }),
    questions: [
      (s) => `how can I trace one call through the ${s}`,
      (s) => `${s} observability and correlation ids`,
      (s) => `follow a single operation in ${s} output`,
    ],
    keys: 'tracing, debugging, correlation',
  },
  {
    memory: (c) => ({
      title: `Redacted tokens from ${c.words} logs`,
      narrative: `${c.identifier} printed bearer tokens in its debug output; a redaction step masks them now.`,
      fact: `${c.file} masks bearer tokens`,
    }),
    questions: [
      (s) => `did the ${s} ever expose secrets in its output`,
      (s) => `${s} leaked credentials while debugging`,
      (s) => `keep passwords out of ${s} traces`,
    ],
    keys: 'secret leak, security, credentials',
  },
  {
    memory: (c) => ({
      title: `Index on user and date for the ${c.words}`,
      narrative: `${c.identifier} filtered by user_id and created_at without an index; migration adds one.`,
      fact: `index (user_id, created_at) for ${c.identifier}`,
    }),
    questions: [
      (s) => `why are ${s} lookups per account and day fast now`,
      (s) => `${s} table scan on customer history`,
      (s) => `schema change that helped the ${s}`,
    ],
    keys: 'database index, migration, full scan',
  },
  {
    memory: (c) => ({
      title: `Fixed a listener leak in the ${c.words}`,
      narrative: `${c.identifier} added an event listener per request and never removed it; memory grew until OOM.`,
      fact: `${c.file} removes its listeners on close`,
    }),
    questions: [
      (s) => `what caused the RAM growth in the ${s}`,
      (s) => `${s} process runs out of heap`,
      (s) => `out of memory after hours in ${s}`,
    ],
    keys: 'memory leak, heap, out of memory',
  },
  {
    memory: (c) => ({
      title: `Renamed the ${c.words} module`,
      narrative: `${c.file} was split from a 900-line file; ${c.identifier} is now its own module with tests.`,
      fact: `${c.identifier} lives in ${c.file}`,
    }),
    questions: [
      (s) => `where did the ${s} code move to`,
      (s) => `refactor that extracted the ${s}`,
      (s) => `which source holds the ${s} now`,
    ],
    keys: 'refactor, moved, extracted',
  },
];

/** A seeded 32-bit generator (mulberry32): the same set on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)]!;

function component(area: string, part: string): Component {
  const identifier = `${area}${part[0]!.toUpperCase()}${part.slice(1)}`;
  return { words: `${area} ${part}`, file: `src/${area}/${area}-${part}.ts`, identifier };
}

/**
 * Search keys as a compressor that knows a few other words would write them: two of the three
 * synonyms of the area and of the part (not chosen to match the question) and the work's words.
 */
function searchKeys(rand: () => number, areaSyn: string[], partSyn: string[], work: Work): string {
  const two = (list: string[]) => list.filter(() => rand() < 0.67).slice(0, 2);
  return [...two(areaSyn), ...two(partSyn), work.keys].join(', ');
}

/** The set: 1,040 memories and one question per memory (its phrasings besides). */
export function paraphraseSet(seed = 15): {
  memories: ParaphraseMemory[];
  questions: ParaphraseQuestion[];
} {
  const rand = random(seed);
  const memories: ParaphraseMemory[] = [];
  const questions: ParaphraseQuestion[] = [];
  for (const [area, areaSyn] of AREAS) {
    for (const [part, partSyn] of PARTS) {
      const c = component(area, part);
      for (const work of WORKS) {
        const m = work.memory(c, 2 + Math.floor(rand() * 60));
        const target = memories.length;
        memories.push({
          title: m.title,
          narrative: m.narrative,
          facts: [m.fact],
          filesModified: [c.file],
          searchKeys: searchKeys(rand, areaSyn, partSyn, work),
        });
        const name = () => `${pick(rand, areaSyn)} ${pick(rand, partSyn)}`;
        const [first, ...others] = work.questions.map((ask) => ask(name()));
        questions.push({ text: first!, phrasings: [first!, ...others], target });
      }
    }
  }
  return { memories, questions };
}

const STOP_WORDS = new Set(
  'a an and the of in on to for by is it its was did do does how what why which where when who with from we our this that be are now one per not no over s n x'.split(
    ' ',
  ),
);
const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => !STOP_WORDS.has(word));

/**
 * The set's concepts, for synthetic embedders of known strength (bench/embedder-paraphrase.ts):
 * each word of an area or part and of its synonyms means that area or part; each word that only
 * one kind of work uses (its memory's wording, its questions', its search keys) means that
 * work. Words of several concepts (stop words, `the`) are left out: they mean nothing.
 */
export function paraphraseConcepts(): Map<string, number> {
  const groups: string[][] = [
    ...[...AREAS, ...PARTS].map(([word, synonyms]) => wordsOf([word, ...synonyms].join(' '))),
    ...WORKS.map((work) => {
      const c = { words: '', file: '', identifier: '' };
      const m = work.memory(c, 0);
      return wordsOf(
        [m.title, m.narrative, m.fact, work.keys, ...work.questions.map((ask) => ask(''))].join(
          ' ',
        ),
      );
    }),
  ];
  const seen = new Map<string, number>();
  groups.forEach((group, concept) =>
    new Set(group).forEach((word) => seen.set(word, seen.has(word) ? -1 : concept)),
  );
  return new Map([...seen].filter(([, concept]) => concept >= 0));
}
