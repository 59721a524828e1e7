import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandShape, commandText, specificShape } from '../domain/index.ts';

test('a shape drops setup steps, env assignments, wrappers and everything from the first flag', () => {
  assert.deepEqual(
    [
      commandShape('cd web && CI=1 npm run e2e -- --headed'),
      commandShape('PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e'),
      commandShape('sudo docker compose up -d'),
      commandShape('node scripts/run-tests.mjs src/a.test.ts src/b.test.ts'),
      commandShape('npm test 2>&1 | tail -5'),
      commandShape('\n  pytest -x tests/\nls'),
    ],
    [
      'npm run e2e',
      'npm run e2e',
      'docker compose up',
      'node scripts/run-tests.mjs src/a.test.ts',
      'npm test',
      'pytest',
    ],
  );
});

test('a lone general program is not specific enough to warn about; a lone tool of its own is', () => {
  assert.deepEqual(
    [specificShape('npm --version'), specificShape('git -C x status'), specificShape('pytest -x')],
    ['', '', 'pytest'],
  );
});

test('command text collapses whitespace', () => {
  assert.equal(commandText('  npm   run\te2e '), 'npm run e2e');
});
