import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort } from '../../../test/helpers/env.ts';
import { loadSettings, type Settings } from '../../config/index.ts';
import { checkProviderCall } from './provider-call-check.ts';

const settings = (overrides: Partial<Settings>): Settings => ({
  ...loadSettings('/nonexistent', {}).settings,
  ...overrides,
});

const check = (overrides: Partial<Settings>, optIn = false, env: NodeJS.ProcessEnv = {}) =>
  checkProviderCall({ settings: settings(overrides), env, dataDir: '/nonexistent', optIn });

test('an unreachable local server fails, without being asked to call', async () => {
  const url = `http://127.0.0.1:${await freePort()}/v1`;
  const result = await check({
    'compress.provider': 'openai',
    'compress.openai.baseUrl': url,
    'compress.openai.model': 'tiny',
  });
  assert.equal(result.ok, false);
  assert.match(
    result.detail,
    /^openai \(tiny at http:\S+\) unreachable: .*: is the server running at that address\?$/,
  );
});

test('a provider that may cost tokens is not called unless asked', async () => {
  const result = await check({ 'compress.provider': 'anthropic' }, false, {
    ANTHROPIC_API_KEY: 'k',
  });
  assert.deepEqual(
    [result.ok, result.detail],
    [true, 'not tried (a call may cost tokens): run "claude-mem doctor --check-provider"'],
  );
});

test('openai without a model fails as not usable, and the heuristic needs nothing', async () => {
  const broken = await check({ 'compress.provider': 'openai' }, true);
  assert.deepEqual(
    [broken.ok, broken.detail],
    [
      false,
      'compress.provider is openai but compress.openai.model is not set: every batch goes to the heuristic until this is fixed',
    ],
  );
  const heuristic = await check({ 'compress.provider': 'heuristic' }, true);
  assert.deepEqual(
    [heuristic.ok, heuristic.detail],
    [true, 'nothing to call: compress.provider is heuristic'],
  );
});
