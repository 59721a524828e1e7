import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { loadSettings, problemText } from './settings.ts';

test("a variable that is almost a setting's is named, with the one meant and the values it takes", (t) => {
  const env = { CLAUDE_MEM_WORKER_AUTOSTART: 'maybe', CLAUDE_MEM_CHROMIUM: '/usr/bin/chromium' };
  const { settings, problems } = loadSettings(tempDir(t), env);
  assert.equal(settings['worker.autoStart'], true);
  assert.deepEqual(problems.map(problemText), [
    'CLAUDE_MEM_WORKER_AUTOSTART (env): not a variable claude-mem reads (ignored): did you mean CLAUDE_MEM_WORKER_AUTO_START (true or false)?',
  ]);
});

test("a setting's variable with a value it does not take names the variable and the setting", (t) => {
  const { problems } = loadSettings(tempDir(t), { CLAUDE_MEM_WORKER_AUTO_START: 'maybe' });
  assert.deepEqual(problems.map(problemText), [
    'CLAUDE_MEM_WORKER_AUTO_START (worker.autoStart): expected true or false, got "maybe"',
  ]);
});
