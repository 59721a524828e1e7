import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { makeAnchors } from './make-anchors.ts';

test('only files inside the repository get anchors: not absolute paths elsewhere, ../.., or symlinks out', (t) => {
  const outside = tempDir(t);
  const repo = join(tempDir(t), 'repo');
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(join(repo, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(outside, 'secret.txt'), 'not the repository\n');
  symlinkSync(join(outside, 'secret.txt'), join(repo, 'src', 'link.txt'));
  symlinkSync(outside, join(repo, 'out'));
  const origin = { cwd: repo, projectRoot: repo, turnEnd: Date.now() + 60_000 };
  const files = [
    'src/a.ts',
    join(repo, 'src', 'a.ts'),
    join(outside, 'secret.txt'),
    '../../etc/passwd',
    `../${join('..', outside, 'secret.txt')}`,
    'src/link.txt',
    'out/secret.txt',
    'out/gone.txt',
    '/etc/hostname',
    'src/removed.ts',
  ];
  const anchors = makeAnchors(files, origin);
  assert.deepEqual(
    anchors.map((anchor) => [anchor.path, anchor.kind]),
    [
      ['src/a.ts', 'sha256'],
      ['src/removed.ts', 'missing'],
    ],
  );
});
