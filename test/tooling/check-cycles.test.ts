import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'check-cycles.mjs');
const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A tree of the given files (path -> text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'claude-mem-cycles-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

const check = (dir?: string) =>
  spawnSync(process.execPath, [SCRIPT, ...(dir ? [dir] : [])], { encoding: 'utf8' });

test('the repository has no import cycles', () => {
  const run = check();
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /no import cycles/);
});

test('fails naming the files of a planted cycle, type-only imports included', () => {
  const root = tree({
    'a/one.ts': "import { two } from '../b/two.ts';\nexport const one = two;\n",
    'b/two.ts': "import type { Three } from './three.tsx';\nexport const two: Three = 2;\n",
    'b/three.tsx': "export type {\n  One as Three,\n} from '../a/one.ts';\n",
    'c/free.ts': "import { one } from '../a/one.ts';\nexport const free = one;\n",
  });
  const run = check(root);
  assert.equal(run.status, 1);
  assert.match(run.stderr, /1 import cycle/);
  assert.match(run.stderr, /a\/one\.ts <-> b\/three\.tsx <-> b\/two\.ts/);
  assert.doesNotMatch(run.stderr, /free\.ts/);
});

test('a chain without a way back passes', () => {
  const root = tree({
    'one.ts': "import { two } from './two.ts';\nexport const one = two;\n",
    'two.ts': "import './three.ts';\nexport const two = 2;\n",
    'three.ts': 'export {};\n',
  });
  assert.equal(check(root).status, 0);
});
