// Finds the test files that exist but would not run, and the listed ones that do not exist.
// Node 20 expands no globs, so the runner keeps explicit lists; this check is what keeps a new
// test file from being silently left out of them.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The folders whose `*.test.ts` files must all be listed. */
export const TEST_ROOTS = ['src', 'test'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/** Every `*.test.ts` under root's src/ and test/, as root-relative paths with `/`. */
export function findTestFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.endsWith('.test.ts')) {
        found.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  for (const top of TEST_ROOTS) if (existsSync(join(root, top))) walk(join(root, top));
  return found.sort();
}

/** `unlisted`: test files no list names; `missing`: listed files that do not exist. */
export function checkList(root, listed) {
  const names = new Set(listed);
  return {
    unlisted: findTestFiles(root).filter((file) => !names.has(file)),
    missing: listed.filter((file) => !existsSync(join(root, file))),
    duplicated: listed.filter((file, i) => listed.indexOf(file) !== i),
  };
}

/** The check's verdict in words, or '' when every test file runs exactly once. */
export function describeProblems({ unlisted, missing, duplicated }) {
  const parts = [];
  if (unlisted.length > 0)
    parts.push(
      `test files that would not run (add each to a list in scripts/run-tests.mjs):\n  ${unlisted.join('\n  ')}`,
    );
  if (missing.length > 0) parts.push(`test files listed but missing:\n  ${missing.join('\n  ')}`);
  if (duplicated.length > 0)
    parts.push(`test files listed twice (they would run twice):\n  ${duplicated.join('\n  ')}`);
  return parts.join('\n');
}
