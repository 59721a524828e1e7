// Code anchors: how long checking them takes at recall, and what they add to the SessionStart
// hook. Part 1, in process: N anchors (N/3 observations naming 3 files each; one file per 10
// anchors) checked against a real folder: cold (every file hashed), warm on an unchanged tree
// (the (path, mtime, size) cache: stat only), and after 1% of the files changed; the load of the
// anchor rows from SQLite is timed apart. Part 2: the SessionStart hook's wall time with 10k
// observations x 3 anchors (validation on: every candidate of the context is checked) against
// bare `node -e ""`, interleaved. Capture hooks do not change (anchoring happens in the worker
// at compression): bench/hook-latency.ts measures them.
// Usage: node --import tsx bench/anchor-validate.ts [--sizes 1000,10000,100000] [--hook-runs 20]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createAnchorChecker, makeAnchors } from '../src/anchors/index.ts';
import { anchorsOf, openDatabase, writeAnchors, type Db } from '../src/store/index.ts';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { seedObservation, seedSession } from '../test/helpers/seed-memory.ts';
import { startWorker, stopWorker } from '../test/helpers/worker.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize, type Summary } from './lib/stats.ts';

const args = flags();
const SIZES = (args.get('sizes') ?? '1000,10000,100000').split(',').map(Number);
const HOOK_RUNS = Number(args.get('hook-runs') ?? 20);
const REPEATS = 5;

const fileName = (n: number): string => `src/m${Math.floor(n / 100)}/f${n}.ts`;
const source = (n: number, edit = ''): string =>
  `// module ${n}\n${'export const value = 1;\n'.repeat(40)}${edit}`;

/** `files` files of about 1 KB under `root`. */
function writeFiles(root: string, files: number): void {
  for (let n = 0; n < files; n += 1) {
    mkdirSync(join(root, `src/m${Math.floor(n / 100)}`), { recursive: true });
    writeFileSync(join(root, fileName(n)), source(n));
  }
}

/**
 * `anchors / 3` observations of `project` (default `bench`), 3 anchors each, made by makeAnchors;
 * with `files` 0, the same observations without anchors.
 */
function seedAnchored(
  db: Db,
  root: string,
  anchors: number,
  files: number,
  project = 'bench',
): number[] {
  const origin = { cwd: root, projectRoot: root, turnEnd: Date.now() + 60_000 };
  const anchorOf = Array.from({ length: files }, (_, n) => makeAnchors([fileName(n)], origin));
  const session = seedSession(db, `${project}-session`, project, { root });
  const count = Math.ceil(anchors / 3);
  return db.transaction(() =>
    Array.from({ length: count }, (_, i) => {
      const id = seedObservation(db, {
        project,
        sessionRowId: session,
        title: `observation ${i}`,
        createdAt: Date.now() - (count - i) * 60_000,
      });
      if (files === 0) return id;
      const named = [i % files, (i * 7 + 1) % files, (i * 13 + 2) % files];
      writeAnchors(
        db,
        id,
        [...new Set(named)].flatMap((n) => anchorOf[n] ?? []),
        origin.turnEnd,
      );
      return id;
    }),
  )();
}

/** Best and median of `REPEATS` runs of `fn` (ms), and the median CPU time of the process. */
function timeIt(fn: () => void): { p50: number; min: number; cpu: number } {
  const cpu: number[] = [];
  const samples = Array.from({ length: REPEATS }, () => {
    const start = process.hrtime.bigint();
    const used = process.cpuUsage();
    fn();
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
    return msSince(start);
  });
  const s = summarize(samples);
  return { p50: s.p50, min: s.min, cpu: summarize(cpu).p50 };
}

const CHUNK = 5000;
const inChunks = (ids: number[], read: (json: string) => unknown[]): number => {
  let rows = 0;
  for (let i = 0; i < ids.length; i += CHUNK)
    rows += read(JSON.stringify(ids.slice(i, i + CHUNK))).length;
  return rows;
};

/**
 * anchorsOf beside its floor and the way before issue 33, run interleaved (round-robin, so load
 * on the machine falls on each alike): the same rows and columns read bare (raw arrays, no
 * objects), and the old anchorsOf (row objects of every column by an IN (json_each) list of
 * 2,000 ids, grouped in a Map).
 */
function timeLoads(db: Db, ids: number[]) {
  const bare = db
    .prepare(
      `SELECT a.observation_id, a.path, a.kind, a.hash, a.lines, a.commit_sha FROM json_each(?) j
       CROSS JOIN observation_anchors a ON a.observation_id = j.value`,
    )
    .raw();
  const objects = db.prepare(
    `SELECT observation_id AS observationId, path, kind, hash, lines, commit_sha AS "commit",
       branch, created_at AS createdAt FROM observation_anchors
     WHERE observation_id IN (SELECT value FROM json_each(?))`,
  );
  const before = () => {
    const byId = new Map<number, unknown[]>();
    for (let i = 0; i < ids.length; i += 2000) {
      for (const row of objects.all(JSON.stringify(ids.slice(i, i + 2000))) as Array<{
        observationId: number;
      }>) {
        const list = byId.get(row.observationId);
        if (list) list.push(row);
        else byId.set(row.observationId, [row]);
      }
    }
  };
  const ways = {
    bare: () => inChunks(ids, (json) => bare.all(json)),
    before,
    anchorsOf: () => anchorsOf(db, ids),
  };
  const samples = { bare: [] as number[], before: [] as number[], anchorsOf: [] as number[] };
  const cpu = { bare: [] as number[], before: [] as number[], anchorsOf: [] as number[] };
  for (let round = 0; round < REPEATS; round += 1) {
    for (const name of ['bare', 'before', 'anchorsOf'] as const) {
      const start = process.hrtime.bigint();
      const used = process.cpuUsage();
      ways[name]();
      const { user, system } = process.cpuUsage(used);
      cpu[name].push((user + system) / 1000);
      samples[name].push(msSince(start));
    }
  }
  const of = (name: keyof typeof samples) => ({
    p50: summarize(samples[name]).p50,
    cpu: summarize(cpu[name]).p50,
  });
  return { bare: of('bare'), before: of('before'), anchorsOf: of('anchorsOf') };
}

const loadLine = (t: { p50: number; cpu: number }, floor: { p50: number; cpu: number }) =>
  `cpu ${fixed(t.cpu, 1)} ms; ${fixed(t.p50 / floor.p50, 2)}x wall, ${fixed(t.cpu / floor.cpu, 2)}x cpu of bare`;

function atSize(anchors: number): string[][] {
  const root = mkdtempSync(join(tmpdir(), 'anchor-bench-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'anchor-bench-db-'));
  const files = Math.max(100, Math.floor(anchors / 10));
  writeFiles(root, files);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  const ids = seedAnchored(db, root, anchors, files);
  const loads = timeLoads(db, ids);
  const rows = anchorsOf(db, ids);
  const total = [...rows.values()].reduce((sum, list) => sum + list.length, 0);
  let reads = 0;
  const checker = createAnchorChecker({ onRead: () => (reads += 1) });
  const coldStart = process.hrtime.bigint();
  checker.check(rows, root);
  const cold = msSince(coldStart);
  const coldReads = reads;
  reads = 0;
  const warm = timeIt(() => checker.check(rows, root));
  const warmReads = reads / REPEATS;
  const changedFiles = Math.max(1, Math.floor(files / 100));
  for (let n = 0; n < changedFiles; n += 1)
    writeFileSync(join(root, fileName(n * 100)), source(n * 100, '// edited\n'));
  reads = 0;
  const afterStart = process.hrtime.bigint();
  const verdicts = checker.check(rows, root);
  const after = msSince(afterStart);
  const changed = [...verdicts.values()].filter((v) => v.state === 'changed').length;
  db.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  const label = `${total} anchors (${ids.length} obs, ${files} files)`;
  return [
    [
      label,
      'load: bare SELECT, raw arrays',
      fixed(loads.bare.p50, 2),
      loadLine(loads.bare, loads.bare),
    ],
    [
      label,
      'load: anchorsOf before issue 33',
      fixed(loads.before.p50, 2),
      loadLine(loads.before, loads.bare),
    ],
    [
      label,
      'load: anchorsOf',
      fixed(loads.anchorsOf.p50, 2),
      loadLine(loads.anchorsOf, loads.bare),
    ],
    [label, 'check, cold (hash every file)', fixed(cold, 2), `${coldReads} files hashed`],
    [label, 'check, unchanged tree (cache)', fixed(warm.p50, 2), `${warmReads} files hashed`],
    [
      label,
      `check after 1% of files changed (${changedFiles})`,
      fixed(after, 2),
      `${reads} files hashed, ${changed} obs changed`,
    ],
  ];
}

function timeNode(argv: string[], stdin: string, env: NodeJS.ProcessEnv, cwd: string) {
  return new Promise<{ ms: number; out: string }>((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, { env, cwd, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: msSince(start), out }));
    child.stdin.end(stdin);
  });
}

/** One SessionStart hook run in `cwd`: its wall time and whether it marked a changed memory. */
async function sessionStart(home: { env: NodeJS.ProcessEnv }, cwd: string, i: number) {
  // A session id names its project once the worker has seen it: one id per folder and run.
  const payload = JSON.stringify({
    session_id: `bench-${basename(cwd)}-${i}`,
    transcript_path: '',
    cwd,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });
  const run = await timeNode([HOOK_BUNDLE, 'SessionStart'], payload, home.env, cwd);
  return {
    ms: run.ms,
    marked: run.out.includes('⚠'),
    context: run.out.includes('claude-mem-context'),
  };
}

/**
 * SessionStart with 10k observations x 3 anchors (1% of the files changed) against the same
 * 10k observations without anchors and bare node, interleaved, one worker.
 */
async function hookWallTime(): Promise<string[][]> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
  const top = mkdtempSync(join(tmpdir(), 'anchor-bench-projects-'));
  const [anchored, plain] = [join(top, 'anchored'), join(top, 'plain')];
  writeFiles(anchored, 1000);
  mkdirSync(plain);
  withDatabase(home, (db) => {
    seedAnchored(db, anchored, 30_000, 1000, 'anchored');
    seedAnchored(db, plain, 30_000, 0, 'plain');
  });
  for (let n = 0; n < 10; n += 1)
    writeFileSync(join(anchored, fileName(n * 100)), source(0, '//x\n'));
  await startWorker(home);
  const samples = { bare: [] as number[], plain: [] as number[], anchored: [] as number[] };
  let marked = 0;
  let withContext = 0;
  for (let i = 0; i < HOOK_RUNS + 3; i += 1) {
    const bare = await timeNode(['-e', ''], '', home.env, top);
    const without = await sessionStart(home, plain, i);
    const withAnchors = await sessionStart(home, anchored, i);
    if (withAnchors.marked) marked += 1;
    if (withAnchors.context && without.context) withContext += 1;
    if (i < 3) continue;
    samples.bare.push(bare.ms);
    samples.plain.push(without.ms);
    samples.anchored.push(withAnchors.ms);
  }
  await stopWorker(home);
  home.cleanup();
  rmSync(top, { recursive: true, force: true });
  const base = summarize(samples.bare);
  const ratio = (s: Summary) =>
    `p50 ${fixed(s.p50 / base.p50, 2)}x, p95 ${fixed(s.p95 / base.p95, 2)}x bare`;
  const plainRun = summarize(samples.plain);
  const run = summarize(samples.anchored);
  return [
    ['node -e ""', fixed(base.p50, 2), fixed(base.p95, 2), ''],
    [
      'SessionStart hook (10k obs, no anchors)',
      fixed(plainRun.p50, 2),
      fixed(plainRun.p95, 2),
      ratio(plainRun),
    ],
    [
      'SessionStart hook (10k obs x 3 anchors, validation on)',
      fixed(run.p50, 2),
      fixed(run.p95, 2),
      `${ratio(run)}; ${marked}/${HOOK_RUNS + 3} with changed marks, ${withContext} with context`,
    ],
  ];
}

const rows = SIZES.flatMap(atSize);
console.log(
  `anchor validation: node ${process.version}, ${process.platform}/${process.arch}, median of ${REPEATS} where repeated\n`,
);
printTable(['anchors', 'what', 'ms', 'notes'], rows);
if (HOOK_RUNS > 0) {
  console.log('');
  printTable(['command', 'p50 ms', 'p95 ms', 'notes'], await hookWallTime());
  console.log('\ntarget: SessionStart hook p95 <= 2x bare node');
}
