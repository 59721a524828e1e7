import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTING_GROUPS } from './setting-groups.ts';
import { SETTING_LABELS } from './setting-labels.ts';
import { SETTINGS_SCHEMA } from './settings-schema.ts';

const labels: Record<string, { group: string; label: string; help: string; effects?: object }> =
  SETTING_LABELS;
const keys = Object.keys(SETTINGS_SCHEMA);

/** The values a person picks from: true/false for a switch, the listed ones for a choice. */
function valuesOf(key: string): string[] {
  const spec = SETTINGS_SCHEMA[key as keyof typeof SETTINGS_SCHEMA];
  if (typeof spec.default === 'boolean') return ['true', 'false'];
  const probe = spec.check(undefined);
  const listed = probe.ok ? undefined : /^one of (.+)$/.exec(probe.expected)?.[1];
  return listed?.split(', ') ?? [];
}

test('every setting of the schema has a group, a label and a one-sentence help', () => {
  const groups: string[] = SETTING_GROUPS.map((g) => g.id);
  const missing = keys.filter((key) => {
    const words = labels[key];
    return !words || !groups.includes(words.group) || !words.label || !words.help;
  });
  assert.deepEqual(missing, []);
  for (const key of keys) assert.match(labels[key]?.help ?? '', /^[A-Z"'][^]{10,99}\.$/, key);
});

test('no label names a setting the schema does not have', () => {
  assert.deepEqual(
    Object.keys(labels).filter((key) => !keys.includes(key)),
    [],
  );
});

test('every value of a choice or a switch has its effect in one sentence', () => {
  for (const key of keys) {
    const values = valuesOf(key);
    const effects = (labels[key]?.effects ?? {}) as Record<string, string>;
    assert.deepEqual(Object.keys(effects).sort(), [...values].sort(), key);
    for (const value of values) assert.match(effects[value] ?? '', /^[A-Z][^]{5,99}\.$/, key);
  }
});

test('labels are unique and every group holds at least one setting', () => {
  const names = keys.map((key) => labels[key]?.label);
  assert.equal(new Set(names).size, names.length);
  for (const group of SETTING_GROUPS) {
    assert.ok(
      keys.some((key) => labels[key]?.group === group.id),
      group.id,
    );
  }
});
