// The benches `npm run bench` runs (scripts/run-bench.mjs), in order, each with its full-size
// arguments, its CI-sized (`--short`) arguments, a time limit, and what it measures. The full run
// is sized to about 10 minutes on a 2-core machine, 5 of them the soak.

/** @typedef {{ name: string, title: string, about: string, args: string[], short: string[], timeoutMin: number, pending?: string }} Bench */

/** @type {Bench[]} */
export const BENCHES = [
  {
    name: 'hook-latency',
    title: 'Hook wall time vs bare node',
    about:
      'Each capture hook (`node dist/hook.cjs <Event>`: PostToolUse with a 5 KB Read, UserPromptSubmit, PostToolUseFailure, Stop, SubagentStop, PreCompact, SessionEnd) against bare `node -e ""`, interleaved, same pinned env, worker running. The SessionStart hook (which fetches context) is in the search-latency section.',
    args: ['30'],
    short: ['10'],
    timeoutMin: 5,
  },
  {
    name: 'hook-runtime',
    title: 'Capture hook under node and under Bun',
    about:
      "`bun dist/hook.cjs PostToolUse` against `node dist/hook.cjs PostToolUse` and each runtime's bare start (`-e 0`), interleaved, worker running. Bun from BENCH_BUN or PATH; skipped without it.",
    args: ['40'],
    short: ['10'],
    timeoutMin: 5,
  },
  {
    name: 'claude-hook-wait',
    title: 'What the real claude waits for: foreground against background ("async": true) hooks',
    about:
      "The real `claude` offline, one Bash call, a 2 s shell hook on PostToolUse, Stop and SessionEnd: when each model request came, and each hook's start, signals and end. Run with `sync` or `async`; skipped without the binary.",
    args: ['async'],
    short: ['async'],
    timeoutMin: 3,
  },
  {
    name: 'ingest-throughput',
    title: 'Worker ingest throughput',
    about:
      'Spool to SQLite: in process and through the real worker, against plain INSERTs of the same JSON (one transaction per 500 rows).',
    args: ['2000'],
    short: ['300'],
    timeoutMin: 8,
  },
  {
    name: 'worker-start',
    title: 'Worker start to healthy',
    about:
      'Spawn of `node dist/cli.mjs worker run` to its first 200 on /health, fresh and with 10k observations, against bare node and a bare node:http server; and SIGTERM to exit.',
    args: ['15'],
    short: ['4'],
    timeoutMin: 5,
  },
  {
    name: 'worker-rss',
    title: 'Worker memory: idle, after 100k observations, during a 100k bulk import',
    about:
      'VmRSS and peak of the worker, idle, with 100k observations after 200 searches and 50 contexts over HTTP, and its peak while `claude-mem import` loads 100k observations, against an idle bare node and an idle bare node:http server.',
    args: ['--observations', '100000', '--queries', '200', '--import', '100000'],
    short: ['--observations', '10000', '--queries', '50', '--import', '10000'],
    timeoutMin: 8,
  },
  {
    name: 'db-bytes',
    title: 'Database bytes per observation',
    about:
      'The database file per observation (after a WAL checkpoint, split by table family) against the bytes of the stored text itself: the real corpus with its events, 100k synthetic observations alone, and 512-d vectors.',
    args: ['--observations', '100000', '--vectors', '10000'],
    short: ['--observations', '10000', '--vectors', '1000'],
    timeoutMin: 8,
  },
  {
    name: 'compress-cost',
    title: 'Compression tokens per observation',
    about:
      "LLM tokens per stored observation over the replayed corpus (anthropic provider on the fake Messages API, realistic answer sizes), against the incumbent's growing-session approach simulated on the same events.",
    args: [],
    short: [],
    timeoutMin: 12,
    pending: 'Owned by the compression work (issue 4).',
  },
  {
    name: 'search-latency',
    title: 'Search latency at 100k and 1M observations; SessionStart context; bulk insert',
    about:
      'fts and hybrid search and the SessionStart context build, each against its bare SQLite baseline over the same rows (FTS5 MATCH ... ORDER BY rank LIMIT 20 with the same project filter; an indexed SELECT of the rows the context shows), interleaved; the p95 growth from 100k to 1M; the bulk insert rate of the seeding (FTS maintained) against plain INSERTs; the SessionStart hook against bare node with 10k observations. Half the rows are in the searched project, which holds the vectors.',
    args: ['--sizes', '100000,1000000', '--queries', '200', '--hook-runs', '20'],
    short: ['--sizes', '2000,20000', '--queries', '50', '--hook-runs', '5'],
    timeoutMin: 45,
    pending: 'Owned by the recall work.',
  },
  {
    name: 'vs-incumbent',
    title: 'Search over HTTP side by side with the incumbent (claude-mem 13.x)',
    about:
      "The same 10,000 synthetic observations in our store and the incumbent's (its worker under Bun, rows copied into its SQLite schema), the same queries, one request to each worker and to a bare node http server (in the bench's process, and in one of its own: the floor of an answer from another process) in turn. Needs `--incumbent DIR` (an unpacked `npm pack claude-mem@13.15.3`) and Bun (BENCH_BUN or PATH); skipped without them.",
    args: [],
    short: [],
    timeoutMin: 10,
  },
  {
    name: 'recall',
    title: 'Recall quality (LoCoMo, known items)',
    about:
      'LoCoMo on all ten conversations (5,882 dialog turns, 1,533 questions): recall_all (every evidence turn) and recall_any (at least one) @5 and @10 for fts, vector and hybrid, and the known-item top-5 rate, with the local embedding model (embedding the turns takes most of its time: 10-20 minutes here).',
    args: ['--known-items', '100', '--transcripts', '3'],
    short: ['--only', 'conv-30', '--sessions', '6', '--known-items', '30', '--transcripts', '1'],
    timeoutMin: 30,
    pending: 'Owned by the recall work.',
  },
  {
    name: 'paraphrase',
    title: 'Paraphrase recall: coding memories asked for in other words',
    about:
      "1,040 generated coding memories of one project (bench/lib/paraphrase-set.ts: 80 components x 13 kinds of work), one question each naming its component by synonyms and its work in other words (7% of a question's words are in its memory); top-5 hit rate for fts, vector and hybrid, each alone and with three phrasings fused (what the MCP tool asks the agent for), with and without the search keys a compressor writes (generated here from a few synonyms: how far keys can carry, not a model's keys).",
    args: [],
    short: ['--questions', '200', '--embedder', 'hash'],
    timeoutMin: 15,
  },
  {
    name: 'vector-store',
    title: 'Vector store: Chroma against sqlite-vec',
    about:
      'The same 512-d vectors indexed into sqlite-vec (the KNN table refilled from the database) and into a Chroma collection (the server of the chromadb npm package, over HTTP), then top-20 vector queries in one project through each store as the worker runs them: indexing rate and query p50/p95. `npm run bench` runs 10k (Chroma indexes a few hundred vectors a second here); 100k is `--sizes 10000,100000` by hand (about 25 minutes).',
    args: ['--sizes', '10000', '--queries', '200'],
    short: ['--sizes', '2000', '--queries', '50'],
    timeoutMin: 10,
  },
  {
    name: 'anchor-validate',
    title: 'Code anchors: validation at 1k, 10k and 100k anchors; SessionStart with anchors',
    about:
      'Checking anchors against a real folder in process: cold, on an unchanged tree (the (path, mtime, size) cache) and after 1% of the files changed; and the SessionStart hook with 10k observations x 3 anchors against the same observations without anchors and bare node, interleaved.',
    args: ['--sizes', '1000,10000,100000', '--hook-runs', '20'],
    short: ['--sizes', '1000,10000', '--hook-runs', '5'],
    timeoutMin: 8,
  },
  {
    name: 'recall-hook-latency',
    title: 'Recall hooks (prompt-time, file-time) wall time vs bare node, 10k observations',
    about:
      'UserPromptSubmit (spools the prompt, then asks the worker for prompt-time recall) and PreToolUse of a Read (file-time recall) against bare `node -e ""`, interleaved, 10k observations, worker running, a new session each run so recall is never skipped as already given. Target: p95 <= 2x bare node p95.',
    args: ['--runs', '30', '--observations', '10000'],
    short: ['--runs', '10', '--observations', '10000'],
    timeoutMin: 5,
  },
  {
    name: 'anticipation',
    title: 'Anticipation: does memory reach the turn that needs it?',
    about:
      'The real transcripts replayed session by session in time order, in process, compressed by the heuristic after each session. For every main-agent turn, the files it reads or edits; a turn needs memory when an earlier session has an observation naming one of them, and is a hit when that observation was injected before the tool call: by the SessionStart index only, + prompt-time recall, + file-time recall alone, + both. Tokens injected per turn for each. Run with the index at its default 60 lines and at 10 (as a project with far more memories than the index holds).',
    args: [],
    short: ['--index', '10'],
    timeoutMin: 5,
  },
  {
    name: 'eval-replay',
    title:
      'claude-mem eval over the real transcripts, with and without prompt-time and file-time recall',
    about:
      "What `claude-mem eval` reports (src/cli/eval: every session replayed in time order through the worker's code in process, heuristic compression, full-text recall, use signals by the ledger's detector) for the default settings, recall.promptTime=false, recall.fileTime=false and both off: per moment the share of the calls that needed memory it reached before the call, tokens per turn, the share of shown memories used and the share of injections none of whose memories was used. Ratios against the default of the same run.",
    args: [],
    short: ['--dir', 'fixtures/transcripts'],
    timeoutMin: 15,
  },
  {
    name: 'soak',
    title: 'Soak: 50 sessions, worker restarts, a misbehaving provider',
    about:
      '50 simulated sessions at once through the real hook commands, tool bursts, the worker killed every 30 s (SIGTERM and SIGKILL in turn) except over the last 2 minutes, a fake Anthropic API answering with random 429s, 500s, 529s, timeouts, dropped connections and garbage; then every check. CI runs 30 s of the same as test/e2e/soak.test.ts.',
    args: ['--seconds', '300'],
    short: ['--seconds', '30'],
    timeoutMin: 12,
  },
  {
    name: 'team-sync',
    title: 'Team sync: 10 members x 10,000 observations into one PostgreSQL',
    about:
      "Ten simulated members (each its own SQLite store and PostgreSQL role, through row-level security) push 10,000 shared observations each at once into one PostgreSQL started for the run; then pull latency (a push on one member until another member's full-text search finds the row, that member syncing back to back: the worker's `team.syncEveryMs` timer, 5 s by default, comes on top), the first pull of the teammates' rows, and the server's bytes per observation. Baseline in the same run and server: the same rows by plain `INSERT ... ON CONFLICT` from one client into a table with no RLS, trigger or lock.",
    args: ['--members', '10', '--per-member', '10000', '--probes', '30'],
    short: ['--members', '3', '--per-member', '1000', '--probes', '10'],
    timeoutMin: 20,
  },
];
