import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeAnchors } from '../../src/anchors/index.ts';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { writeAnchors } from '../../src/store/index.ts';
import { cli } from '../helpers/cli.ts';
import { HOOK_BUNDLE } from '../helpers/env.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import { unclocked } from '../helpers/hook-answer.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';

const HOUR = 3_600_000;

/** The real SessionStart hook's additionalContext, run in the project folder. */
async function sessionStart(home: RecallHome): Promise<string> {
  const payload = {
    session_id: 'sess-anchors',
    transcript_path: '',
    cwd: home.projectDir,
    hook_event_name: 'SessionStart',
    source: 'startup',
  };
  const run = await runHookProcess(
    HOOK_BUNDLE,
    'SessionStart',
    JSON.stringify(payload),
    home.env,
    home.projectDir,
  );
  assert.deepEqual([run.code, run.stderr], [0, '']);
  const output = JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext: string } };
  return output.hookSpecificOutput?.additionalContext ?? '';
}

/**
 * A git project with four observations, each anchored to one file as it was: a.ts (older, left
 * alone), b.ts (newer, then edited), c.ts (then deleted) and d.ts (pinned, then deleted).
 */
function seedAnchoredProject(home: RecallHome): Record<string, number> {
  const repo = gitRepo(home.projectDir);
  for (const name of ['a', 'b', 'c', 'd']) repo.write(`${name}.ts`, `export const ${name} = 1;\n`);
  repo.commit('start');
  const now = Date.now();
  const ids = withDatabase(home, (db) => {
    const session = seedSession(db, 'sess-old', home.project, {
      root: home.projectDir,
      at: now - 9 * HOUR,
    });
    const observe = (file: string, title: string, hoursAgo: number, pinned = false) => {
      const id = seedObservation(db, {
        title,
        sessionRowId: session,
        filesRead: [file],
        pinned,
        type: 'discovery',
        createdAt: now - hoursAgo * HOUR,
      });
      const origin = { cwd: home.projectDir, projectRoot: home.projectDir, turnEnd: now };
      writeAnchors(db, id, makeAnchors([file], origin), now);
      return id;
    };
    return {
      a: observe('a.ts', 'How a works', 3),
      b: observe('b.ts', 'How b works', 2),
      c: observe('c.ts', 'How c works', 1),
      d: observe('d.ts', 'Why d exists', 4, true),
    };
  });
  repo.write('b.ts', 'export const b = 2;\nexport const bb = 3;\n');
  rmSync(join(home.projectDir, 'c.ts'));
  rmSync(join(home.projectDir, 'd.ts'));
  return ids;
}

const lineOf = (context: string, id: number): string | undefined =>
  context.split('\n').find((line) => line.startsWith(`#${id} `));

describe('SessionStart context with code anchors', () => {
  it('marks changed memories, explains the mark once, leaves gone ones out unless pinned', async (t) => {
    const home = await recallHome(t);
    const ids = seedAnchoredProject(home);
    const context = await sessionStart(home);
    assert.match(lineOf(context, ids.b ?? 0) ?? '', / ⚠ How b works/);
    assert.doesNotMatch(lineOf(context, ids.a ?? 0) ?? '', /⚠/);
    assert.equal(lineOf(context, ids.c ?? 0), undefined, 'a gone memory leaves the context');
    assert.match(lineOf(context, ids.d ?? 0) ?? '', / ✗ Why d exists/, 'unless it is pinned');
    assert.equal(context.match(/⚠ = its code changed since/g)?.length, 1);
    const printed = await cli(['context'], home.env, home.projectDir);
    assert.deepEqual(
      [printed.code, printed.stderr, unclocked(printed.stdout)],
      [0, '', `${unclocked(context)}\n`],
    );
  });

  it('ranks changed memories below fresh ones: with room for one, the older fresh one stays', async (t) => {
    const home = await recallHome(t, 'alpha', { CLAUDE_MEM_CONTEXT_MAX_OBSERVATIONS: '2' });
    const ids = seedAnchoredProject(home);
    const shown = (await sessionStart(home))
      .split('\n')
      .filter((line) => /^#\d+ /.test(line))
      .map((line) => Number(/^#(\d+)/.exec(line)?.[1]));
    assert.deepEqual(shown, [ids.d, ids.a]);
  });

  it('claude-mem verify counts each state and names the files; --accept re-anchors one', async (t) => {
    const home = await recallHome(t);
    const ids = seedAnchoredProject(home);
    const run = await cli(['verify'], home.env, home.projectDir);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.match(run.stdout, /^verify: project alpha, 4 observations, checked against /);
    assert.match(run.stdout, /\n {2}1 {2}fresh \(as anchored\)\n {2}1 {2}changed\n {2}2 {2}gone\n/);
    assert.match(
      run.stdout,
      new RegExp(`Changed files:\\n  b\\.ts \\(\\+1 lines\\): #${ids.b}\\n`),
    );
    assert.match(
      run.stdout,
      new RegExp(`Gone files:\\n  c\\.ts: #${ids.c}\\n  d\\.ts: #${ids.d}\\n`),
    );
    const accepted = await cli(['verify', '--accept', String(ids.b)], home.env, home.projectDir);
    assert.deepEqual([accepted.code, accepted.stderr], [0, '']);
    const json = await cli(['verify', '--json'], home.env, home.projectDir);
    const report = JSON.parse(json.stdout) as { counts: Record<string, number> };
    assert.deepEqual(report.counts, { fresh: 2, changed: 0, gone: 2, unknown: 0, unanchored: 0 });
  });
});
