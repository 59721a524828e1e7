import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, it, type TestContext } from 'node:test';
import { ensureDataDir } from '../../config/index.ts';
import { insertMemory, openDatabase } from '../../store/index.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import type { EvalMetrics } from '../eval/eval-metrics.ts';
import { evalCommand } from './eval-command.ts';

/**
 * Three sessions of one project, a day apart (fixtures/eval/SOURCE.md): the second reads the
 * file the first edited, re-runs the test command that failed in the first and asks again
 * about the rate limiter; the third writes a new file.
 */
const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'eval');
/** Two sessions: a dead end (fixtures/eval-dead-end/SOURCE.md), then its command shape again. */
const DEAD_END_FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'eval-dead-end');

interface Run {
  lines: string[];
  home: string;
  tmp: string;
  code: number;
}

/** Runs `eval` in process with a data folder and temp folder of the test's own. */
async function runEval(
  t: TestContext,
  args: string[],
  home = tempDir(t),
  more: { env?: NodeJS.ProcessEnv; stderr?: string[]; dir?: string } = {},
): Promise<Run> {
  const lines: string[] = [];
  const tmp = tempDir(t);
  const code = await evalCommand(
    ['--dir', more.dir ?? FIXTURE, ...args],
    (line) => lines.push(line),
    {
      env: { CLAUDE_MEM_DATA_DIR: home, HOME: home, ...more.env },
      stderr: { write: (text: string) => more.stderr?.push(text), isTTY: false },
      stdin: Readable.from([]),
      tmpDir: tmp,
    },
  );
  return { lines, home, tmp, code };
}

/** The cells of the first row whose label is `label` (a moment's first row is its reach). */
function row(lines: readonly string[], label: string): string[] {
  const line = lines.find((candidate) => candidate.trimStart().startsWith(label)) ?? '';
  return line
    .trimStart()
    .slice(label.length)
    .trim()
    .split(/\s{2,}/);
}

/** Every file's name and bytes under `dir`: the database, its WAL, settings, state. */
function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of names.filter((n) => statSync(join(dir, n)).isFile())) {
    hash.update(name);
    hash.update(readFileSync(join(dir, name)));
  }
  return hash.digest('hex');
}

describe('claude-mem eval --dir <fixture transcripts>', () => {
  it('prints the per-moment table: needs, reach, tokens per turn, never used', async (t) => {
    const stderr: string[] = [];
    const { lines, code } = await runEval(t, [], undefined, { stderr });
    assert.equal(code, 0);
    // The progress bar is for a terminal only.
    assert.deepEqual(stderr, []);
    assert.match(lines[0] ?? '', /^eval: 3 sessions from .*fixtures\/eval/);
    assert.deepEqual(row(lines, 'turns that needed memory'), ['1 (33%)']);
    assert.deepEqual(row(lines, 'read/edited a remembered file'), ['1']);
    assert.deepEqual(row(lines, 're-ran a failed command'), ['1']);
    assert.deepEqual(row(lines, 'asked again'), ['1']);
    for (const label of [
      'reached before the call',
      'tokens injected per turn',
      'memories used',
      'injections never used',
    ]) {
      assert.ok(
        lines.some((line) => line.startsWith(label)),
        label,
      );
    }
    assert.deepEqual(row(lines, 'session start'), ['100%']);
    assert.deepEqual(row(lines, 'file time'), ['33%']);
  });

  it('--json gives the same figures per moment', async (t) => {
    const { lines } = await runEval(t, ['--json']);
    const { columns } = JSON.parse(lines.join('\n')) as {
      columns: Array<{ name: string; metrics: EvalMetrics }>;
    };
    const metrics = columns[0]!.metrics;
    assert.deepEqual(
      { sessions: metrics.sessions, turns: metrics.turns, needs: metrics.needs },
      { sessions: 3, turns: 3, needs: { file: 1, command: 1, 'ask-again': 1 } },
    );
    assert.equal(metrics.moments['session-start'].reach, 1);
    assert.equal(metrics.moments.file.reach, 1 / 3);
    assert.ok(metrics.moments.file.tokensPerTurn > 0);
    // The second session reads the file and re-runs the command its index named.
    assert.ok((metrics.moments['session-start'].usedShare ?? 0) > 0);
    assert.ok((metrics.moments['session-start'].neverUsedShare ?? 1) < 1);
  });

  it('counts a dead-end warning before the same command shape as its own moment', async (t) => {
    const home = tempDir(t);
    const json = await runEval(t, ['--json'], home, { dir: DEAD_END_FIXTURE });
    assert.equal(json.code, 0);
    const { columns } = JSON.parse(json.lines.join('\n')) as {
      columns: Array<{ name: string; metrics: EvalMetrics }>;
    };
    // Session 2's `npm run e2e -- --grep login` is warned once; session 1's own runs are not.
    assert.equal(columns[0]!.metrics.moments['dead-end'].injections, 1);
    const table = await runEval(t, [], home, { dir: DEAD_END_FIXTURE });
    assert.ok(table.lines.some((line) => line.trimStart().startsWith('dead-end warning')));
  });

  it('--compare recall.promptTime=false prints two columns, the second without prompt time', async (t) => {
    const { lines } = await runEval(t, ['--compare', 'recall.promptTime=false', '--json']);
    const { columns } = JSON.parse(lines.join('\n')) as {
      columns: Array<{ name: string; metrics: EvalMetrics }>;
    };
    assert.deepEqual(
      columns.map((column) => column.name),
      ['as configured', 'recall.promptTime=false'],
    );
    assert.equal(columns[1]!.metrics.moments.prompt.injections, 0);
    const table = await runEval(t, ['--compare', 'recall.promptTime=false']);
    assert.match(table.lines[2] ?? '', /as configured\s+recall\.promptTime=false$/);
    assert.equal(row(table.lines, 'session start').length, 2);
  });

  it('leaves the real store untouched (hash of its folder) and removes its throwaway store', async (t) => {
    const home = tempDir(t);
    ensureDataDir(home);
    const db = openDatabase(join(home, 'claude-mem.db'));
    const memory = { project: 'ratelimit', title: 'a real memory', text: 'kept as it is' };
    insertMemory(db, {
      ...memory,
      ...{ type: 'discovery', concepts: [], files: ['src/rate-limit.ts'], sessionRowId: null },
      ...{ pinned: false, at: 1 },
    });
    db.close();
    const before = hashFolder(home);
    const run = await runEval(t, ['--compare', 'recall.fileTime=false'], home);
    assert.equal(hashFolder(home), before);
    assert.deepEqual(readdirSync(join(run.tmp, 'claude-mem-eval')), []);
  });

  it('refuses an unknown setting in --compare, naming the nearest key', async (t) => {
    await assert.rejects(runEval(t, ['--compare', 'recall.promptTim=false']), /recall\.promptTime/);
    await assert.rejects(runEval(t, ['--compare', 'recall.promptTime=maybe']), /expects/);
  });

  it('--provider configured with an LLM shows the cost and asks first: no answer, nothing replayed', async (t) => {
    const env = { CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test' };
    const run = await runEval(t, ['--provider', 'configured'], undefined, { env });
    assert.equal(run.code, 1);
    assert.match(
      run.lines.join('\n'),
      /compression: anthropic .*\nestimated cost: ~[\d,]+ input tokens/,
    );
    assert.equal(run.lines.at(-1), 'nothing replayed');
    assert.equal(existsSync(join(run.tmp, 'claude-mem-eval')), false);
  });

  it('--provider configured with no LLM to use replays at once with the heuristic', async (t) => {
    const env = { CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' };
    const run = await runEval(t, ['--provider', 'configured'], undefined, { env });
    assert.equal(run.code, 0);
    assert.match(run.lines[0] ?? '', /^compression: heuristic \(no LLM, no tokens\)/);
    assert.ok(run.lines.some((line) => line.startsWith('turns that needed memory')));
  });
});
