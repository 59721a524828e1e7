// Picks search.minSimilarity: cosine distances of the local embedder (USE lite, 512-d) from
// paraphrase queries to the observation they mean, and from nonsense or off-topic queries to
// their nearest observation. Run: node --import tsx bench/vector-floor.ts
import { createLocalEmbedder } from '../src/search/index.ts';

const MEMORIES = [
  'SQLite schema upgrade failed on an old database: migration 003 aborted because a column already existed',
  'Login endpoint rate limited to 5 attempts a minute per IP with express-rate-limit',
  'Fixed the flaky upload test: the temp folder was removed before the stream closed',
  'Switched the worker port from 37777 to a free port chosen at start',
  'Dark theme: button colours follow the CSS variables of the theme',
  'JWT tokens now expire after 15 minutes; refresh tokens rotate on use',
  'Added retry with exponential backoff to the payment webhook client',
  'The CSV export escaped quotes twice; now uses the csv-stringify library',
  'Docker image shrank from 1.2 GB to 180 MB with a multi-stage build on alpine',
  'React list re-rendered on every keystroke; memoized the rows with useMemo',
  'Postgres connection pool exhausted under load; raised max to 20 and added timeouts',
  'Decided to keep the config in YAML rather than TOML for comments and anchors',
];

const PARAPHRASES: Array<[string, number]> = [
  ['how do I repair a broken data migration', 0],
  ['brute force protection on sign in', 1],
  ['upload test fails sometimes', 2],
  ['which port does the worker listen on', 3],
  ['colors in dark mode', 4],
  ['how long do auth tokens last', 5],
  ['webhook retries', 6],
  ['spreadsheet download has wrong quoting', 7],
  ['make the container image smaller', 8],
  ['slow typing in the list component', 9],
  ['database connections run out', 10],
  ['why yaml for settings', 11],
];

const NONSENSE = [
  'zzzqqq',
  'asdfgh',
  'qwertyuiop',
  'xyzzy plugh',
  'lorem ipsum dolor',
  'banana helicopter',
  'my grandmother knits scarves',
  'the weather in lisbon tomorrow',
  'best pizza recipe',
  'jazz saxophone solo',
  'aaaaaaaa',
  'kjhgf lkjh',
];

const dist = (a: Float32Array, b: Float32Array): number => {
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return 1 - dot;
};

const embedder = createLocalEmbedder();
const memories = await embedder.embed(MEMORIES);
const nearest = (v: Float32Array) => Math.min(...memories.map((m) => dist(v, m)));
const para = await embedder.embed(PARAPHRASES.map(([q]) => q));
const paraDist = PARAPHRASES.map(([q, i], k) => {
  const d = dist(para[k]!, memories[i]!);
  const all = memories.map((m) => dist(para[k]!, m));
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  console.log(
    `paraphrase ${d.toFixed(3)} mean ${mean.toFixed(3)} gap ${(mean - d).toFixed(3)} ${q}`,
  );
  return d;
});
const noise = await embedder.embed(NONSENSE);
const noiseDist = NONSENSE.map((q, k) => {
  const d = nearest(noise[k]!);
  const all = memories.map((m) => dist(noise[k]!, m));
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  console.log(
    `nonsense   ${d.toFixed(3)} mean ${mean.toFixed(3)} gap ${(mean - d).toFixed(3)} ${q}`,
  );
  return d;
});
console.log(
  `paraphrase to its target: max ${Math.max(...paraDist).toFixed(3)}; nonsense to its nearest: min ${Math.min(...noiseDist).toFixed(3)}`,
);
process.exit(0);
