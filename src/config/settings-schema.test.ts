import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTINGS_SCHEMA, envNameOf, isSettingKey, type SettingKey } from './settings-schema.ts';

const KEYS = Object.keys(SETTINGS_SCHEMA) as SettingKey[];

test('envNameOf turns dots and camelCase into CLAUDE_MEM_ upper snake case', () => {
  assert.equal(envNameOf('worker.port'), 'CLAUDE_MEM_WORKER_PORT');
  assert.equal(envNameOf('worker.startWaitMs'), 'CLAUDE_MEM_WORKER_START_WAIT_MS');
  assert.equal(envNameOf('capture.skipTools'), 'CLAUDE_MEM_CAPTURE_SKIP_TOOLS');
  assert.equal(envNameOf('capture.maxResponseChars'), 'CLAUDE_MEM_CAPTURE_MAX_RESPONSE_CHARS');
  assert.equal(envNameOf('log.level'), 'CLAUDE_MEM_LOG_LEVEL');
});

test('every setting has its own well-formed variable name', () => {
  const names = KEYS.map(envNameOf);
  assert.equal(new Set(names).size, KEYS.length);
  assert.deepEqual(
    names.filter((name) => !/^CLAUDE_MEM_[A-Z]+(_[A-Z]+)+$/.test(name)),
    [],
  );
});

test('every default passes its own check', () => {
  const failing = KEYS.filter(
    (key) => !SETTINGS_SCHEMA[key].check(SETTINGS_SCHEMA[key].default).ok,
  );
  assert.deepEqual(failing, []);
});

test('isSettingKey knows the schema keys and nothing inherited from Object', () => {
  assert.equal(isSettingKey('worker.port'), true);
  assert.equal(isSettingKey('worker'), false);
  assert.equal(isSettingKey('toString'), false);
  assert.equal(isSettingKey('__proto__'), false);
});
