import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadSettings, type Settings } from '../../config/index.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { planSessions, transcriptPaths } from '../backfill/session-plan.ts';
import { runEval } from './eval-run.ts';

const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'eval');
const plans = planSessions(transcriptPaths([FIXTURE]), {});
const settings: Settings = {
  ...loadSettings('/nonexistent-claude-mem-eval', {}).settings,
  'compress.provider': 'heuristic',
};

describe('eval replay (runEval)', () => {
  it('an interrupted run resumes from its last save and ends as an uninterrupted one', async (t) => {
    const whole = await runEval({ plans, settings, workDir: tempDir(t) });
    const workDir = tempDir(t);
    let updates = 0;
    const interrupting = {
      update() {
        updates += 1;
        if (updates === 2) throw new Error('interrupted');
      },
      finish: () => undefined,
    };
    const cut = runEval({ plans, settings, workDir, progress: interrupting, checkpointEveryMs: 0 });
    await assert.rejects(cut, /interrupted/);
    assert.ok(existsSync(join(workDir, 'checkpoint.db')));
    const resumed = await runEval({ plans, settings, workDir });
    assert.deepEqual(resumed, whole);
  });

  it('records what each moment showed, per turn, with its tokens', async (t) => {
    const results = await runEval({ plans, settings, workDir: tempDir(t) });
    assert.deepEqual(
      results.map((r) => r.turns),
      [1, 1, 1],
    );
    // The first session starts with an empty memory: the index's text only, no memory in it.
    assert.deepEqual(
      results[0]!.injections.map((i) => [i.moment, i.ids]),
      [['session-start', []]],
    );
    const second = results[1]!;
    assert.deepEqual([...new Set(second.injections.map((i) => i.moment))].sort(), [
      'file',
      'session-start',
    ]);
    assert.ok(second.injections.every((i) => i.tokens > 0 && i.ids.length > 0));
    // Use signals (the ledger's detector): it read the file and re-ran the command shown.
    assert.ok(second.use['session-start'].used > 0);
    assert.equal(second.use.prompt.shown, 0);
    assert.deepEqual(
      second.needs.map((n) => [n.kind, n.reachedBy.includes('session-start')]),
      [
        ['ask-again', true],
        ['file', true],
        ['command', true],
      ],
    );
  });
});
