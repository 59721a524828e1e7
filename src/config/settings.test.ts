import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { settingsFile } from './paths.ts';
import { SETTINGS_SCHEMA } from './settings-schema.ts';
import { loadSettings, saveSetting } from './settings.ts';

const DEFAULTS = Object.fromEntries(
  Object.entries(SETTINGS_SCHEMA).map(([key, spec]) => [key, spec.default]),
);

/** A data dir whose settings.json holds `content` (written as is when a string). */
function withSettingsFile(t: TestContext, content: unknown): string {
  const dataDir = tempDir(t);
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  writeFileSync(settingsFile(dataDir), text);
  return dataDir;
}

const readJson = (dataDir: string): unknown =>
  JSON.parse(readFileSync(settingsFile(dataDir), 'utf8'));

test('without a settings file or env every setting has its default and nothing is reported', (t) => {
  const { settings, problems } = loadSettings(tempDir(t), {});
  assert.deepEqual({ ...settings }, DEFAULTS);
  assert.deepEqual(problems, []);
});

test('reads nested values from settings.json', (t) => {
  const dataDir = withSettingsFile(t, {
    worker: { port: 40000, startWaitMs: 1000 },
    capture: { skipTools: ['Read'], enabled: false },
    log: { level: 'debug' },
  });
  const { settings, problems } = loadSettings(dataDir, {});
  assert.equal(settings['worker.port'], 40000);
  assert.equal(settings['worker.startWaitMs'], 1000);
  assert.deepEqual(settings['capture.skipTools'], ['Read']);
  assert.equal(settings['capture.enabled'], false);
  assert.equal(settings['log.level'], 'debug');
  assert.deepEqual(problems, []);
});

test('reads dotted keys from settings.json, alone or mixed with nested ones', (t) => {
  const dataDir = withSettingsFile(t, { 'worker.port': 40001, capture: { maxInputChars: 5000 } });
  const { settings, problems } = loadSettings(dataDir, {});
  assert.equal(settings['worker.port'], 40001);
  assert.equal(settings['capture.maxInputChars'], 5000);
  assert.deepEqual(problems, []);
});

test('a CLAUDE_MEM_* variable overrides the file', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 40000 } });
  const { settings } = loadSettings(dataDir, { CLAUDE_MEM_WORKER_PORT: '40002' });
  assert.equal(settings['worker.port'], 40002);
});

test('a list setting reads a comma-separated variable, trimming blanks', (t) => {
  const env = { CLAUDE_MEM_CAPTURE_SKIP_TOOLS: ' Read, Bash ,,Grep ' };
  const { settings, problems } = loadSettings(tempDir(t), env);
  assert.deepEqual(settings['capture.skipTools'], ['Read', 'Bash', 'Grep']);
  assert.deepEqual(problems, []);
});

for (const [text, expected] of [
  ['false', false],
  ['0', false],
  ['true', true],
  ['1', true],
] as const) {
  test(`a boolean setting reads "${text}" from the environment as ${expected}`, (t) => {
    const { settings } = loadSettings(tempDir(t), { CLAUDE_MEM_CAPTURE_ENABLED: text });
    assert.equal(settings['capture.enabled'], expected);
  });
}

/** The problem a worker.port value out of range or not a number gives, read from `source`. */
const portProblem = (source: string, got: string) => ({
  key: 'worker.port',
  source,
  message: `expected an integer from 1024 to 65535, got ${got}`,
});

test('an invalid file value is reported with its key and what was expected, and the default is used', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 'abc' } });
  const { settings, problems } = loadSettings(dataDir, {});
  assert.equal(settings['worker.port'], 37777);
  assert.deepEqual(problems, [portProblem('file', '"abc"')]);
});

test('a team URL holding a password is refused, and the problem masks the password', (t) => {
  for (const url of ['postgres://al:s3cret@db/t', 'postgres://al@db/t?password=s3cret&x=1']) {
    const dataDir = withSettingsFile(t, { team: { url } });
    const { settings, problems } = loadSettings(dataDir, {});
    assert.equal(settings['team.url'], '');
    assert.equal(problems.length, 1);
    assert.doesNotMatch(problems[0]?.message ?? '', /s3cret/);
    assert.match(
      problems[0]?.message ?? '',
      /got "postgres:\/\/al(:\*\*\*@db\/t|@db\/t\?password=\*\*\*&x=1)"/,
    );
  }
});

test('an out-of-range env value is reported as coming from env and the default is used', (t) => {
  const { settings, problems } = loadSettings(tempDir(t), { CLAUDE_MEM_WORKER_PORT: '80' });
  assert.equal(settings['worker.port'], 37777);
  assert.deepEqual(problems, [portProblem('env', '80')]);
});

test('an invalid env value keeps the valid file value', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 40000 } });
  const { settings, problems } = loadSettings(dataDir, { CLAUDE_MEM_WORKER_PORT: 'many' });
  assert.equal(settings['worker.port'], 40000);
  assert.equal(problems.length, 1);
});

test('an unrecognised boolean word in the environment is reported and the default is used', (t) => {
  const { settings, problems } = loadSettings(tempDir(t), { CLAUDE_MEM_CAPTURE_ENABLED: 'maybe' });
  assert.equal(settings['capture.enabled'], true);
  assert.match(problems[0]?.message ?? '', /^expected true or false/);
});

test('a value outside a fixed list is reported with the allowed values', (t) => {
  const { settings, problems } = loadSettings(tempDir(t), { CLAUDE_MEM_LOG_LEVEL: 'loud' });
  assert.equal(settings['log.level'], 'info');
  assert.equal(problems[0]?.key, 'log.level');
  assert.match(problems[0]?.message ?? '', /one of debug, info, warn, error/);
});

test('a list with an empty string is invalid', (t) => {
  const dataDir = withSettingsFile(t, { capture: { skipTools: ['Read', ''] } });
  const { settings, problems } = loadSettings(dataDir, {});
  assert.deepEqual(settings['capture.skipTools'], DEFAULTS['capture.skipTools']);
  assert.match(problems[0]?.message ?? '', /a list of non-empty strings/);
});

test('an unknown key is reported and ignored while known keys still apply', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 40000, colour: 'red' }, extra: 1 });
  const { settings, problems } = loadSettings(dataDir, {});
  assert.equal(settings['worker.port'], 40000);
  assert.deepEqual(
    problems.map((problem) => [problem.key, problem.message]),
    [
      ['worker.colour', 'unknown setting (ignored)'],
      ['extra', 'unknown setting (ignored)'],
    ],
  );
});

test('a corrupt settings file is reported and every default is used', (t) => {
  const dataDir = withSettingsFile(t, '{"worker": {"port": 40000');
  const { settings, problems } = loadSettings(dataDir, {});
  assert.deepEqual({ ...settings }, DEFAULTS);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]?.key, '(file)');
  assert.match(problems[0]?.message ?? '', /^not valid JSON/);
});

for (const content of ['[1, 2]', '42', '"text"', 'null']) {
  test(`a settings file holding ${content} is reported as not an object`, (t) => {
    const { settings, problems } = loadSettings(withSettingsFile(t, content), {});
    assert.deepEqual({ ...settings }, DEFAULTS);
    assert.deepEqual(problems, [
      { key: '(file)', source: 'file', message: 'expected a JSON object' },
    ]);
  });
}

test('env overrides still apply when the file is corrupt', (t) => {
  const dataDir = withSettingsFile(t, 'not json');
  const { settings } = loadSettings(dataDir, { CLAUDE_MEM_WORKER_PORT: '40003' });
  assert.equal(settings['worker.port'], 40003);
});

test('saveSetting writes a valid value that loadSettings then reads', (t) => {
  const dataDir = tempDir(t);
  assert.deepEqual(saveSetting(dataDir, 'worker.port', '40004'), { ok: true, value: 40004 });
  assert.deepEqual(readJson(dataDir), { worker: { port: 40004 } });
  assert.equal(loadSettings(dataDir, {}).settings['worker.port'], 40004);
});

test('saveSetting writes settings.json private to the user (0600)', (t) => {
  const dataDir = tempDir(t);
  saveSetting(dataDir, 'log.level', 'debug');
  assert.equal(statSync(settingsFile(dataDir)).mode & 0o777, 0o600);
});

test('saveSetting keeps every other key of the file, unknown ones included', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 40000 }, custom: { x: 1 } });
  saveSetting(dataDir, 'capture.skipTools', '["Read","Bash"]');
  assert.deepEqual(readJson(dataDir), {
    worker: { port: 40000 },
    custom: { x: 1 },
    capture: { skipTools: ['Read', 'Bash'] },
  });
});

test('saveSetting leaves a settings.json it cannot read untouched and says so', (t) => {
  const dataDir = withSettingsFile(t, '{"worker": {"port": 40000}, "custom": ');
  const result = saveSetting(dataDir, 'log.level', 'debug');
  assert.equal(result.ok, false);
  assert.match(
    result.ok ? '' : result.message,
    /settings\.json: not valid JSON .*; fix or remove it first \(nothing was saved\)$/,
  );
  assert.equal(
    readFileSync(settingsFile(dataDir), 'utf8'),
    '{"worker": {"port": 40000}, "custom": ',
  );
});

test('saveSetting replaces a dotted key with the nested form', (t) => {
  const dataDir = withSettingsFile(t, { 'worker.port': 40000 });
  saveSetting(dataDir, 'worker.port', '40005');
  assert.deepEqual(readJson(dataDir), { worker: { port: 40005 } });
  assert.deepEqual(loadSettings(dataDir, {}).problems, []);
});

test('saveSetting accepts plain text the way the environment would give it', (t) => {
  const dataDir = tempDir(t);
  assert.deepEqual(saveSetting(dataDir, 'capture.skipTools', 'Read, Bash'), {
    ok: true,
    value: ['Read', 'Bash'],
  });
  assert.deepEqual(saveSetting(dataDir, 'log.level', 'warn'), { ok: true, value: 'warn' });
  assert.deepEqual(saveSetting(dataDir, 'capture.enabled', 'false'), { ok: true, value: false });
});

test('saveSetting rejects an invalid value with the key and what was expected, writing nothing', (t) => {
  const dataDir = withSettingsFile(t, { worker: { port: 40000 } });
  assert.deepEqual(saveSetting(dataDir, 'worker.port', '80'), {
    ok: false,
    message: 'worker.port: expected an integer from 1024 to 65535',
  });
  assert.deepEqual(readJson(dataDir), { worker: { port: 40000 } });
});

test('saveSetting rejects an unknown key', (t) => {
  const dataDir = tempDir(t);
  assert.deepEqual(saveSetting(dataDir, 'worker.colour', '"red"'), {
    ok: false,
    message: 'unknown setting "worker.colour"',
  });
  assert.throws(() => readFileSync(settingsFile(dataDir)), { code: 'ENOENT' });
});

test('openai without a model is reported, and config set refuses to select it', (t) => {
  const dir = tempDir(t);
  const noModel = loadSettings(dir, { CLAUDE_MEM_COMPRESS_PROVIDER: 'openai' });
  assert.deepEqual(
    noModel.problems.map((p) => p.key),
    ['compress.provider'],
  );
  assert.match(noModel.problems[0]?.message ?? '', /compress\.openai\.model is not set/);
  const refused = saveSetting(dir, 'compress.provider', 'openai');
  assert.equal(refused.ok, false);
  assert.match(refused.ok ? '' : refused.message, /config set compress\.openai\.model <name>/);
  assert.deepEqual(loadSettings(dir, {}).settings['compress.provider'], 'auto');
  assert.equal(saveSetting(dir, 'compress.openai.model', 'qwen2.5-coder:7b').ok, true);
  assert.equal(saveSetting(dir, 'compress.provider', 'openai').ok, true);
  assert.deepEqual(loadSettings(dir, {}).problems, []);
});

test('search.minSimilarity takes a number from 0 to 1, from the file or the environment', (t) => {
  const dir = tempDir(t);
  assert.equal(loadSettings(dir, {}).settings['search.minSimilarity'], 0.45);
  assert.equal(
    loadSettings(dir, { CLAUDE_MEM_SEARCH_MIN_SIMILARITY: '0.3' }).settings['search.minSimilarity'],
    0.3,
  );
  assert.equal(saveSetting(dir, 'search.minSimilarity', '1.5').ok, false);
  assert.equal(saveSetting(dir, 'search.minSimilarity', '0').ok, true);
  assert.equal(loadSettings(dir, {}).settings['search.minSimilarity'], 0);
});
