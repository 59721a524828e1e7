import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OBSERVATION_TYPES } from '../store/index.ts';
import { iconOf, legendLine, TYPE_ICONS } from './type-icons.ts';

test('every observation type has its own icon, listed in the legend', () => {
  const icons = OBSERVATION_TYPES.map((type) => TYPE_ICONS[type]);
  assert.equal(new Set(icons).size, OBSERVATION_TYPES.length);
  for (const type of OBSERVATION_TYPES) assert.ok(legendLine().includes(`${iconOf(type)} ${type}`));
  assert.match(legendLine(), /📌 pinned$/);
});

test('an unknown type gets a neutral bullet', () => {
  assert.equal(iconOf('memory'), '•');
});
