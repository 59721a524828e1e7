import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { claudeLogin, findClaude } from './claude-detect.ts';

function executable(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

test('finds the first executable claude on PATH, or the configured one', (t: TestContext) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'claude'), 'not executable');
  const bin = executable(join(dir, 'bin', 'claude'));
  const other = executable(join(dir, 'opt', 'claude'));
  assert.equal(findClaude('', { PATH: `${dir}:${join(dir, 'bin')}` }), bin);
  assert.equal(findClaude(other, { PATH: join(dir, 'bin') }), other);
  assert.equal(findClaude(join(dir, 'missing'), { PATH: join(dir, 'bin') }), undefined);
  assert.equal(findClaude('', { PATH: join(dir, 'none') }), undefined);
});

test('a login is an auth variable, a credentials file or an OAuth account record', (t: TestContext) => {
  const home = tempDir(t);
  assert.equal(claudeLogin({ HOME: home }), undefined);
  assert.equal(claudeLogin({ HOME: home, ANTHROPIC_API_KEY: 'sk' }), 'ANTHROPIC_API_KEY is set');
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({ oauthAccount: { emailAddress: 'a@b' } }),
  );
  assert.equal(claudeLogin({ HOME: home }), `account in ${join(home, '.claude.json')}`);
  mkdirSync(join(home, '.claude'));
  writeFileSync(join(home, '.claude', '.credentials.json'), '{"claudeAiOauth":{}}');
  assert.equal(
    claudeLogin({ HOME: home }),
    `credentials in ${join(home, '.claude', '.credentials.json')}`,
  );
});

test('CLAUDE_CONFIG_DIR moves where credentials are looked for', (t: TestContext) => {
  const home = tempDir(t);
  const config = join(home, 'cfg');
  mkdirSync(config);
  writeFileSync(join(config, '.credentials.json'), '{}');
  assert.equal(
    claudeLogin({ HOME: home, CLAUDE_CONFIG_DIR: config }),
    `credentials in ${join(config, '.credentials.json')}`,
  );
});
