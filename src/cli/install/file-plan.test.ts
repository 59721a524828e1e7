import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { applyChanges, backupPath, type FileIo } from './file-plan.ts';
import { writeFileAtomic } from '../../config/index.ts';

/** Real writes, except the one to `failOn`, which fails as a full disk would. */
function failingIo(failOn: string): FileIo {
  return {
    write: (path, text, mode) => {
      if (path === failOn) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      writeFileAtomic(path, text, mode, false);
    },
    remove: (path) => rmSync(path, { force: true }),
  };
}

test('a write that fails midway puts back every file, backup and folder written before it', (t) => {
  const dir = tempDir(t);
  const hooks = join(dir, 'hooks.json');
  const created = join(dir, 'new', 'deeper', 'mcp.json');
  const last = join(dir, 'config.toml');
  writeFileSync(hooks, '{ "mine": 1 }\n');
  writeFileSync(last, 'model = "o3"\n');
  const changes = [
    {
      path: hooks,
      before: '{ "mine": 1 }\n',
      after: '{ "mine": 1, "ours": 2 }\n',
      backup: 'write' as const,
    },
    { path: created, before: undefined, after: '{}\n', backup: 'write' as const },
    {
      path: last,
      before: 'model = "o3"\n',
      after: 'model = "o3"\n# ours\n',
      backup: 'write' as const,
    },
  ];
  assert.throws(
    () => applyChanges(changes, failingIo(last)),
    (error: Error) =>
      error.message.startsWith(
        `could not write ${last} (ENOSPC); the files written before it were put back, nothing was changed`,
      ),
  );
  assert.equal(readFileSync(hooks, 'utf8'), '{ "mine": 1 }\n');
  assert.deepEqual(
    [existsSync(backupPath(hooks)), existsSync(join(dir, 'new')), existsSync(backupPath(last))],
    [false, false, false],
  );
  assert.equal(readFileSync(last, 'utf8'), 'model = "o3"\n');
});

test('a read-only file or folder stops the run before the first write', (t) => {
  const dir = tempDir(t);
  const first = join(dir, 'a.json');
  const locked = join(dir, 'locked');
  mkdirSync(locked, { mode: 0o555 });
  const changes = [
    { path: first, before: undefined, after: '{}\n', backup: 'write' as const },
    { path: join(locked, 'b.json'), before: undefined, after: '{}\n', backup: 'write' as const },
  ];
  assert.throws(
    () => applyChanges(changes),
    /locked is read-only \(mode 0555\).*nothing was changed/,
  );
  assert.equal(existsSync(first), false);
});

test('a settings file linked from a dotfiles folder is written through the link, which stays', (t) => {
  const dir = tempDir(t);
  const real = join(dir, 'dotfiles', 'settings.json');
  const link = join(dir, 'settings.json');
  mkdirSync(join(dir, 'dotfiles'));
  writeFileSync(real, '{}\n');
  symlinkSync(real, link);
  applyChanges([{ path: link, before: '{}\n', after: '{ "a": 1 }\n', backup: 'write' }]);
  assert.deepEqual(
    [
      lstatSync(link).isSymbolicLink(),
      readFileSync(real, 'utf8'),
      readFileSync(backupPath(link), 'utf8'),
    ],
    [true, '{ "a": 1 }\n', '{}\n'],
  );
});
