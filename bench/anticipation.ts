// Does memory reach the turn that needs it? Replays the real transcripts (../shared/eval-data)
// session by session in time order, in process: before each session its SessionStart index is
// built from what earlier sessions left (compressed by the heuristic provider, so it runs
// offline), then each turn gets prompt-time recall at its prompt and file-time recall before
// each Read/Edit/Write/MultiEdit, through the same functions and per-session record the worker
// uses (full-text ranking: no embedder). A turn "needs memory" when a file it reads or edits has
// an observation from an earlier session; it is a hit when one of those observations was among
// what was injected before the tool call, counted three ways: the SessionStart index only,
// + prompt-time, + file-time. Tokens are what each moment injected, per turn.
// Usage: node --import tsx bench/anticipation.ts [--dirs a,b]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureDataDir,
  loadSettings,
  resolveProject,
  type Project,
  type Settings,
} from '../src/config/index.ts';
import { buildContext, fileRecall, promptRecall } from '../src/context/index.ts';
import { estimateTokens } from '../src/domain/index.ts';
import { createSearcher, filterSql } from '../src/search/index.ts';
import { markInjected, openDatabase, resetInjected, stmt, type Db } from '../src/store/index.ts';
import type { HookPayload } from '../src/transcripts/index.ts';
import { createCompressionService } from '../src/worker/compression/compression-service.ts';
import { createOpenLinks } from '../src/worker/open-links.ts';
import { silentLogger } from '../test/helpers/logger.ts';
import { replayCorpus, type ReplayedFile } from '../test/helpers/replay.ts';
import { storeReplayInProcess } from '../test/helpers/replay-in-process.ts';
import { benchCorpusDirs } from './lib/corpus.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';

const args = flags();
const FILE_TOOLS = new Set(['Read', 'Edit', 'Write', 'MultiEdit']);

/** One session's turns: the prompt and the file tool calls after it, in order. */
interface Turn {
  prompt: string;
  /** `subagent`: the hook gives no file-time recall there (moment-recall.ts). */
  calls: Array<{ file: string; subagent: boolean }>;
}

interface Tally {
  turns: number;
  /** Turns reading or editing a file that an earlier session's observation names. */
  needing: number;
  hits: { start: number; prompt: number; file: number };
  tokens: { start: number; prompt: number; file: number };
  observations: number;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function turnsOf(payloads: readonly HookPayload[]): Turn[] {
  const turns: Turn[] = [];
  for (const payload of payloads as ReadonlyArray<Record<string, unknown>>) {
    const event = payload.hook_event_name;
    if (event === 'UserPromptSubmit') turns.push({ prompt: str(payload.prompt), calls: [] });
    const input = payload.tool_input as Record<string, unknown> | undefined;
    const tool = str(payload.tool_name);
    if (event === 'PostToolUse' && FILE_TOOLS.has(tool) && str(input?.file_path)) {
      // A subagent's transcript has no prompt: its calls are one turn, counted apart (below).
      if (turns.length === 0) turns.push({ prompt: '', calls: [] });
      turns.at(-1)?.calls.push({
        file: str(input?.file_path),
        subagent: str(payload.agent_id) !== '',
      });
    }
  }
  return turns;
}

/** The first timestamp of a transcript file, for time order. */
function startOf(file: string): string {
  return /"timestamp":"([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '9999';
}

/** Observations of earlier sessions (another session id) naming `file`, read or modified. */
function memoriesOf(db: Db, project: Project, sessionId: string, file: string): number[] {
  const where = filterSql({ project: project.name, files: [file] }, project.root);
  return stmt(
    db,
    `SELECT o.id FROM observations o WHERE ${where.sql} AND (o.session_id IS NULL OR o.session_id
       IS NOT (SELECT id FROM sessions WHERE session_id = @sessionId))`,
  )
    .pluck()
    .all({ ...where.params, sessionId }) as number[];
}

async function compress(db: Db, dataDir: string, settings: Settings): Promise<void> {
  const deps = {
    db,
    dataDir,
    port: 1,
    token: 't',
    links: createOpenLinks(),
    version: 'bench',
    startedAt: 0,
    settings,
    log: silentLogger,
    now: Date.now,
    onApplied: () => undefined,
  };
  const service = createCompressionService(deps, { env: {} });
  service.loop.kick();
  await service.loop.idle();
  await service.stop();
}

const idsIn = (text: string): number[] =>
  [...text.matchAll(/^#(\d+) /gm)].map((match) => Number(match[1]));

/** Replays one session against the memory so far; adds its figures to `tally`. */
async function replaySession(db: Db, settings: Settings, file: ReplayedFile, tally: Tally) {
  const first = file.payloads[0] as Record<string, unknown> | undefined;
  const sessionId = str(first?.session_id);
  const cwd = str(first?.cwd) || '/';
  const project = resolveProject(cwd, {});
  const now = Date.now();
  const searcher = createSearcher({ db, mode: 'fts' });
  const index = buildContext(
    db,
    { project: project.name, sessionId, source: 'startup', now },
    {
      maxTokens: settings['context.maxTokens'],
      maxObservations: settings['context.maxObservations'],
    },
  );
  resetInjected(db, sessionId, now);
  markInjected(db, sessionId, idsIn(index.text), 'session-start', now);
  const shown = {
    start: new Set(idsIn(index.text)),
    prompt: new Set<number>(),
    file: new Set<number>(),
  };
  const turns = turnsOf(file.payloads);
  if (turns.length > 0) tally.tokens.start += estimateTokens(index.text.length);
  for (const turn of turns) {
    tally.turns += 1;
    const recalled = settings['recall.promptTime']
      ? await promptRecall(db, searcher, {
          project: project.name,
          sessionId,
          prompt: turn.prompt,
          maxItems: settings['recall.promptMaxItems'],
        })
      : { text: '', ids: [] };
    markInjected(db, sessionId, recalled.ids, 'prompt', now);
    recalled.ids.forEach((id) => shown.prompt.add(id));
    tally.tokens.prompt += recalled.text ? estimateTokens(recalled.text.length) : 0;
    const needed = new Set<number>();
    for (const call of turn.calls) {
      // Claude Code gives a subagent neither the index nor hook context: main-agent turns only.
      if (call.subagent) continue;
      for (const id of memoriesOf(db, project, sessionId, call.file)) needed.add(id);
      const block = fileRecall(db, {
        project: project.name,
        sessionId,
        file: call.file,
        root: project.root,
        now,
      });
      markInjected(db, sessionId, block.ids, 'file', now);
      block.ids.forEach((id) => shown.file.add(id));
      tally.tokens.file += block.text ? estimateTokens(block.text.length) : 0;
    }
    if (needed.size === 0) continue;
    tally.needing += 1;
    const has = (...sets: Array<Set<number>>) =>
      [...needed].some((id) => sets.some((s) => s.has(id)));
    if (has(shown.start)) tally.hits.start += 1;
    if (has(shown.start, shown.prompt)) tally.hits.prompt += 1;
    if (has(shown.start, shown.prompt, shown.file)) tally.hits.file += 1;
  }
}

/** One full replay with the SessionStart index holding at most `indexSize` observations. */
async function run(
  files: readonly ReplayedFile[],
  indexSize: number,
  promptTime: boolean,
): Promise<Tally> {
  const dataDir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-'));
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  const settings = {
    ...loadSettings(dataDir, {}).settings,
    'compress.provider': 'heuristic' as const,
    'context.maxObservations': indexSize,
    'recall.promptTime': promptTime,
  };
  const tally: Tally = {
    turns: 0,
    needing: 0,
    hits: { start: 0, prompt: 0, file: 0 },
    tokens: { start: 0, prompt: 0, file: 0 },
    observations: 0,
  };
  let at = 1_700_000_000_000;
  for (const file of files) {
    await replaySession(db, settings, file, tally);
    storeReplayInProcess(db, dataDir, settings, [file], at);
    at += 10_000_000;
    await compress(db, dataDir, settings);
  }
  tally.observations = stmt(db, 'SELECT COUNT(*) FROM observations').pluck().get() as number;
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return tally;
}

async function main(): Promise<void> {
  const dirs = args.get('dirs')?.split(',') ?? [];
  const sizes = (args.get('index') ?? '60,10').split(',').map(Number);
  const files = replayCorpus(benchCorpusDirs(dirs))
    .filter((file) => file.payloads.length > 0)
    .map((file) => ({ file, start: startOf(file.file) }))
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(({ file }) => file);
  const started = Date.now();
  const tallies: Array<[number, Tally, Tally]> = [];
  for (const size of sizes) {
    tallies.push([size, await run(files, size, true), await run(files, size, false)]);
  }
  report(tallies, files.length, Date.now() - started);
}

/** `on`: a replay with prompt-time recall; `off`: the same without it (file-time alone). */
function rows(size: number, on: Tally, off: Tally): string[][] {
  const pct = (n: number) => (on.needing === 0 ? '-' : `${fixed((100 * n) / on.needing)}%`);
  const perTurn = (n: number) => fixed(n / Math.max(1, on.turns));
  const row = (label: string, hits: number, tokens: number) => [
    String(size),
    label,
    `${hits} / ${on.needing}`,
    pct(hits),
    perTurn(tokens),
  ];
  const { start, prompt, file } = on.tokens;
  return [
    row('session start index only', on.hits.start, start),
    row('+ prompt-time recall', on.hits.prompt, start + prompt),
    row('+ file-time recall (no prompt-time)', off.hits.file, off.tokens.start + off.tokens.file),
    row('+ prompt-time and file-time recall', on.hits.file, start + prompt + file),
  ];
}

function report(
  tallies: ReadonlyArray<[number, Tally, Tally]>,
  sessions: number,
  ms: number,
): void {
  const [, first] = tallies[0] ?? [];
  console.log(
    `anticipation: ${sessions} transcript files replayed in time order, ${first?.turns} turns, ${first?.observations} observations at the end (heuristic), ${(ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `turns reading or editing a file that an earlier session's observation names: ${first?.needing}\n`,
  );
  printTable(
    [
      'index holds at most',
      'injected before the tool call',
      'hit turns',
      'hit rate',
      'tokens / turn',
    ],
    tallies.flatMap(([size, on, off]) => rows(size, on, off)),
  );
  for (const [size, on, off] of tallies) {
    const perTurn = (n: number) => fixed(n / Math.max(1, on.turns));
    const { start, prompt, file } = on.tokens;
    console.log(
      `index ${size}: tokens per turn by moment: index ${perTurn(start)}, prompt-time ${perTurn(prompt)}, file-time ${perTurn(file)} (${perTurn(off.tokens.file)} without prompt-time)`,
    );
  }
}

await main();
