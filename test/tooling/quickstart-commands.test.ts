import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../helpers/temp-dir.ts';

// CI runs, in a fresh clone, whatever the README's Quick start block says (.ci/run).
const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'quickstart-commands.mjs');

const commands = (readme: string): string[] =>
  execFileSync(process.execPath, [SCRIPT, '--readme', readme], { encoding: 'utf8' })
    .trimEnd()
    .split('\n');

function plantedReadme(t: TestContext, text: string): string {
  const file = join(tempDir(t, 'claude-mem-quickstart-'), 'README.md');
  writeFileSync(file, text);
  return file;
}

test("the README's Quick start gives the demo and the test command, in order", () => {
  const found = commands(join(ROOT, 'README.md'));
  assert.equal(found.length, 2, found.join('\n'));
  assert.match(found[0] ?? '', /demo/);
  assert.match(found[1] ?? '', /\btest\b/);
});

test('whatever the block holds is taken: other commands, prompts, comments and blank lines', (t) => {
  const readme = plantedReadme(
    t,
    [
      '# x',
      '## Quick start',
      'Text.',
      '```bash',
      '# set up',
      '$ npm install && npm link',
      '',
      'claude-mem demo   # look around',
      'npm test',
      '```',
      '## Next',
      '```sh',
      'not this',
      '```',
    ].join('\n'),
  );
  assert.deepEqual(commands(readme), [
    'npm install && npm link',
    'claude-mem demo   # look around',
    'npm test',
  ]);
});

test('a README without a Quick start block fails instead of running nothing', (t) => {
  const readme = plantedReadme(t, '# x\n## Quick start\nno block\n## Next\n```sh\nnpm test\n```\n');
  assert.throws(() => commands(readme), /no fenced block under "## Quick start"/);
});
