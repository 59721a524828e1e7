import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { warnEnvProblems } from './env-warnings.ts';

test('every command but config, doctor and hook warns on stderr about an ignored variable', (t) => {
  const env = { CLAUDE_MEM_DATA_DIR: tempDir(t), CLAUDE_MEM_WORKER_PORTT: '4000' };
  const lines: string[] = [];
  for (const command of ['status', 'config', 'doctor', 'hook']) {
    warnEnvProblems(command, env, (text) => lines.push(`${command}: ${text}`));
  }
  assert.deepEqual(lines, [
    'status: claude-mem: warning: CLAUDE_MEM_WORKER_PORTT (env): not a variable claude-mem reads (ignored): did you mean CLAUDE_MEM_WORKER_PORT (an integer from 1024 to 65535)?\n',
  ]);
});
