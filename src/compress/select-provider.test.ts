import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { loadSettings, type Settings } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { UNLIMITED } from './budget.ts';
import { createReaper } from './providers/process-reaper.ts';
import { chooseProvider, decideProvider } from './select-provider.ts';

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  ...loadSettings('/nonexistent', {}).settings,
  ...overrides,
});

/** A HOME with (optionally) a claude on PATH and a login. */
function machine(t: TestContext, { claude = false, login = false } = {}): NodeJS.ProcessEnv {
  const home = tempDir(t);
  const bin = join(home, 'bin');
  mkdirSync(bin);
  if (claude) {
    writeFileSync(join(bin, 'claude'), '#!/bin/sh\n');
    chmodSync(join(bin, 'claude'), 0o755);
  }
  if (login) {
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', '.credentials.json'), '{"claudeAiOauth":{}}');
  }
  return { HOME: home, PATH: bin };
}

test('auto picks claude-code when claude is installed and logged in, and says why', (t) => {
  const env = machine(t, { claude: true, login: true });
  const decision = decideProvider(settings(), env);
  assert.equal(decision.name, 'claude-code');
  assert.equal(decision.claudePath, join(env.PATH ?? '', 'claude'));
  assert.match(
    decision.reason,
    /^auto: .*claude is installed and logged in \(credentials in .*\.credentials\.json\)$/,
  );
});

test('auto falls back to the heuristic without claude, or without a login', (t) => {
  assert.deepEqual(decideProvider(settings(), machine(t)), {
    name: 'heuristic',
    reason: 'auto: no claude found on PATH or at compress.claudeCode.path',
  });
  const noLogin = decideProvider(settings(), machine(t, { claude: true }));
  assert.equal(noLogin.name, 'heuristic');
  assert.match(noLogin.reason, /is not logged in .*run claude and \/login$/);
});

test('explicit providers need their key or model, else the heuristic says what is missing', (t) => {
  const env = machine(t);
  assert.equal(
    decideProvider(settings({ 'compress.provider': 'anthropic' }), env).reason,
    'compress.provider is anthropic but ANTHROPIC_API_KEY is not set',
  );
  assert.equal(
    decideProvider(settings({ 'compress.provider': 'anthropic' }), {
      ...env,
      ANTHROPIC_API_KEY: 'k',
    }).name,
    'anthropic',
  );
  assert.equal(decideProvider(settings({ 'compress.provider': 'openai' }), env).name, 'heuristic');
  assert.equal(
    decideProvider(
      settings({ 'compress.provider': 'openai', 'compress.openai.model': 'qwen' }),
      env,
    ).name,
    'openai',
  );
  assert.match(
    decideProvider(settings({ 'compress.provider': 'claude-code' }), env).reason,
    /bundled claude/,
  );
});

test('the chain is the chosen provider then the heuristic, or the heuristic alone', (t) => {
  const deps = {
    env: { ...machine(t), ANTHROPIC_API_KEY: 'k' },
    dataDir: tempDir(t),
    budget: UNLIMITED,
    reaper: createReaper(),
  };
  const llm = chooseProvider({ ...deps, settings: settings({ 'compress.provider': 'anthropic' }) });
  assert.deepEqual(
    llm.chain.compressors.map((c) => [c.name, c.model]),
    [
      ['anthropic', 'claude-haiku-4-5'],
      ['heuristic', null],
    ],
  );
  const plain = chooseProvider({
    ...deps,
    settings: settings({ 'compress.provider': 'heuristic' }),
  });
  assert.deepEqual(
    plain.chain.compressors.map((c) => c.name),
    ['heuristic'],
  );
});
