import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mayNeedSanitizing, sanitizeText, sanitizeToolField, sanitizeValue } from './sanitize.ts';

const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

/** `{ a: { a: ... { a: leaf } } }` with `levels` objects. */
function nest(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** How many `a` links can be followed from `value`, and what is found at the end. */
function depthOf(value: unknown): { links: number; end: unknown } {
  let current = value;
  let links = 0;
  while (typeof current === 'object' && current !== null && 'a' in current) {
    current = current.a;
    links++;
  }
  return { links, end: current };
}

test('sanitizeText strips private blocks before redacting', () => {
  assert.equal(
    sanitizeText(`a<private>${TOKEN}</private>b ${TOKEN}`),
    'ab [REDACTED:github-token]',
  );
});

test('sanitizes every string value in nested objects and arrays', () => {
  const input = {
    cmd: `echo ${TOKEN}`,
    args: ['<private>x</private>y', 3, true, null],
    meta: { n: 1 },
  };
  assert.deepEqual(sanitizeValue(input), {
    cmd: 'echo [REDACTED:github-token]',
    args: ['y', 3, true, null],
    meta: { n: 1 },
  });
});

test('sanitizes keys too, keeping every value when redacted keys collide', () => {
  const other = TOKEN.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
  assert.deepEqual(
    sanitizeValue({ [TOKEN]: 1, [other]: 2, 'a <private>b</private>': 3, file_path: 4 }),
    { '[REDACTED:github-token]': 1, '[REDACTED:github-token] #2': 2, 'a ': 3, file_path: 4 },
  );
});

test('returns a new value and leaves the input untouched', () => {
  const input = { list: ['password=x'] };
  const output = sanitizeValue(input);
  assert.notEqual(output, input);
  assert.deepEqual(input, { list: ['password=x'] });
});

test('returns primitives and undefined as they are', () => {
  assert.equal(sanitizeValue(42), 42);
  assert.equal(sanitizeValue(false), false);
  assert.equal(sanitizeValue(null), null);
  assert.equal(sanitizeValue(undefined), undefined);
  assert.equal(sanitizeValue('password=x'), 'password=[REDACTED:password]');
});

test('keeps a __proto__ key as an own property and sanitizes under it', () => {
  const input: unknown = JSON.parse(`{"__proto__": {"token": "${TOKEN}"}, "ok": 1}`);
  const output = sanitizeValue(input);
  assert.equal(JSON.stringify(output), '{"__proto__":{"token":"[REDACTED:github-token]"},"ok":1}');
  assert.equal(Object.getPrototypeOf(output), Object.prototype);
  assert.equal(Reflect.get(Object.prototype, 'token'), undefined);
});

test('keeps 64 levels of nesting and replaces deeper containers', () => {
  assert.deepEqual(depthOf(sanitizeValue(nest(64, 'leaf'))), { links: 64, end: 'leaf' });
  assert.deepEqual(depthOf(sanitizeValue(nest(65, {}))), {
    links: 64,
    end: '[claude-mem: too deep]',
  });
  assert.deepEqual(depthOf(sanitizeValue(nest(10_000, 'leaf'))), {
    links: 64,
    end: '[claude-mem: too deep]',
  });
});

test('replaces a reference cycle instead of looping', () => {
  const cyclic: { name: string; self?: unknown } = { name: 'x' };
  cyclic.self = cyclic;
  assert.deepEqual(sanitizeValue(cyclic), { name: 'x', self: '[claude-mem: circular]' });
});

test('keeps shared references that are not cycles', () => {
  const shared = { s: 'password=x' };
  const expected = { s: 'password=[REDACTED:password]' };
  assert.deepEqual(sanitizeValue([shared, shared]), [expected, expected]);
});

test('sanitizeToolField returns the sanitized value when its JSON fits', () => {
  const input = { command: `git push https://me:${TOKEN}@github.com/o/r` };
  assert.deepEqual(sanitizeToolField(input, 1_000), {
    command: 'git push https://[REDACTED:url-credentials]@github.com/o/r',
  });
});

test('sanitizeToolField elides the sanitized JSON text when it is too long', () => {
  const output = sanitizeToolField({ stdout: `${TOKEN} ${'z'.repeat(5_000)}` }, 500);
  assert.equal(typeof output, 'string');
  assert.equal(String(output).length <= 500, true);
  assert.equal(String(output).startsWith('{"stdout":"[REDACTED:github-token] zzz'), true);
  assert.match(String(output), /elided \d+ of 5037 chars/);
});

test('sanitizeToolField measures a string by itself, not its JSON quoting', () => {
  assert.equal(sanitizeToolField('a'.repeat(100), 100), 'a'.repeat(100));
  assert.equal(String(sanitizeToolField('a'.repeat(101), 100)).length <= 100, true);
});

test('sanitizeToolField is deterministic', () => {
  const input = { a: [TOKEN, 'b'.repeat(3_000)], c: '<private>d</private>' };
  assert.deepEqual(sanitizeToolField(input, 1_000), sanitizeToolField(input, 1_000));
});

test('sanitizeToolField keeps values JSON cannot measure', () => {
  assert.equal(sanitizeToolField(10n, 1), 10n);
  assert.equal(sanitizeToolField(undefined, 1), undefined);
});

test('mayNeedSanitizing is false only for text with no tag name, needle, lone surrogate or escape', () => {
  assert.equal(mayNeedSanitizing('{"file":"src/a.ts","lines":3}'), false);
  assert.deepEqual(
    [
      '{"a":"<PRIVATE>x"}',
      '{"a":"</system-reminder>"}',
      `{"a":"${TOKEN}"}`,
      '{"a":"\\u003cprivate>"}',
      '{"a":"redis:\\/\\/x"}',
      'x\ud800',
    ].map(mayNeedSanitizing),
    [true, true, true, true, true, true],
  );
});
