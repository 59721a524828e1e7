import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CliError } from './cli-error.ts';
import { fsFailure } from './fs-failure.ts';

const env = { CLAUDE_MEM_DATA_DIR: '/srv/mem' };
const errno = (code: string, path: string) =>
  Object.assign(new Error(`${code}: raw node text`), { code, path });

test('a permission error on the data folder names it, the cause and the fix', () => {
  const error = fsFailure(errno('EACCES', '/srv/mem/spool'), env);
  assert.ok(error instanceof CliError);
  assert.equal(
    error.message,
    'the data folder /srv/mem (at /srv/mem/spool) cannot be written by you (permission denied): claude-mem needs a folder it can write there; fix it, or point CLAUDE_MEM_DATA_DIR at another folder (for example CLAUDE_MEM_DATA_DIR=~/.claude-mem)',
  );
});

test('EPERM on a parent of the data folder is about the data folder too', () => {
  const error = fsFailure(errno('EPERM', '/srv'), env) as Error;
  assert.match(
    error.message,
    /^the data folder \/srv\/mem \(at \/srv\) cannot be written by you \(operation not permitted\)/,
  );
});

test('other errors pass through unchanged', () => {
  const other = errno('EBUSY', '/srv/mem/x');
  const plain = new Error('boom');
  assert.deepEqual([fsFailure(other, env), fsFailure(plain, env)], [other, plain]);
});
