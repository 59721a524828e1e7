import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

// `npm test` must pass in a plain clone: no test or test helper may read the evaluation corpus
// beside the repository, or climb above the repository's root by a relative path.
const ROOT = join(import.meta.dirname, '..', '..');

/** Test files and their helpers: every `*.test.ts` of src/, everything under test/. */
function testSources(): string[] {
  const inSrc = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => `src/${file}`);
  const inTest = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mjs|js|json)$/.test(file))
    .map((file) => `test/${file}`);
  return [...inSrc, ...inTest].map((file) => file.replaceAll('\\', '/'));
}

/** How many `..` steps a file's relative paths take at most, written as `../` or `'..'` args. */
function deepestClimb(text: string): number {
  const slashes = [...text.matchAll(/(?:\.\.\/)+/g)].map((m) => m[0].length / 3);
  const args = [...text.matchAll(/(?:'\.\.'\s*,\s*)+/g)].map((m) => m[0].split("'..'").length - 1);
  return Math.max(0, ...slashes, ...args);
}

// This file names the corpus and climbs to look for them; the traversal test sends `../../..`
// to the worker as attacks, never reading them itself.
const SELF = 'test/tooling/no-outside-paths.test.ts';
const ATTACKS = 'test/e2e/security-static-traversal.test.ts';
const CORPUS = ['eval', 'data'].join('-');

test('no test file or helper names the external evaluation corpus', () => {
  const naming = testSources().filter(
    (file) => file !== SELF && readFileSync(join(ROOT, file), 'utf8').includes(CORPUS),
  );
  assert.deepEqual(naming, []);
});

test('no relative path in a test file or helper climbs above the repository', () => {
  const escaping = testSources()
    .map((file) => ({ file, depth: file.split('/').length - 1 }))
    .map(({ file, depth }) => ({
      file,
      depth,
      climb: deepestClimb(readFileSync(join(ROOT, file), 'utf8')),
    }))
    .filter(({ file, depth, climb }) => climb > depth && file !== SELF && file !== ATTACKS);
  assert.deepEqual(escaping, []);
});

test('the climb counter sees both spellings', () => {
  assert.equal(deepestClimb("join(import.meta.dirname, '..', '..', '..', 'beside')"), 3);
  assert.equal(deepestClimb("new URL('../../../beside/', import.meta.url)"), 3);
  assert.equal(deepestClimb("join(dir, 'a')"), 0);
});
