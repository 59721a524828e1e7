import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SECRET_RULES } from './secret-rules.ts';

/** The pattern source with escapes and character classes blanked out, leaving structure. */
function structure(source: string): string {
  return source.replace(/\\./g, 'e').replace(/\[(?:\\.|[^\]\\])*\]/g, 'c');
}

/** Quantifiers with no upper bound: `*`, `+`, `{n,}`. */
function unboundedQuantifiers(source: string): string[] {
  return structure(source).match(/[*+]|\{\d+,\}/g) ?? [];
}

/** Groups repeated more than once (`{n,m}`) that themselves contain a quantifier. */
function nestedQuantifiers(source: string): string[] {
  const shape = structure(source);
  const found: string[] = [];
  const opens: number[] = [];
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] === '(') opens.push(i);
    if (shape[i] !== ')') continue;
    const body = shape.slice(opens.pop() ?? 0, i + 1);
    const repeated = shape[i + 1] === '{';
    if (repeated && /\{\d+(?:,\d+)?\}|\?(?![:!=<])/.test(body.slice(1))) found.push(body);
  }
  return found;
}

test('gives every rule a distinct kind and a description', () => {
  const kinds = SECRET_RULES.map((rule) => rule.kind);
  assert.equal(new Set(kinds).size, kinds.length);
  assert.deepEqual(
    SECRET_RULES.filter((rule) => rule.description.length < 10),
    [],
  );
});

test('makes every pattern global so each rule replaces all matches', () => {
  assert.deepEqual(
    SECRET_RULES.filter((rule) => !rule.pattern.global).map((rule) => rule.kind),
    [],
  );
});

/** Per structure check: its test's name and what it finds wrong in a pattern's source. */
const STRUCTURE_CHECKS: Array<[string, (source: string) => string[]]> = [
  ['bounds every quantifier in every pattern', unboundedQuantifiers],
  ['repeats no group that holds a quantifier of its own', nestedQuantifiers],
];

for (const [name, check] of STRUCTURE_CHECKS) {
  test(name, () => {
    const offenders = SECRET_RULES.map((rule) => ({
      kind: rule.kind,
      found: check(rule.pattern.source),
    }));
    assert.deepEqual(
      offenders.filter((offender) => offender.found.length > 0),
      [],
    );
  });
}

test('the structure checks catch the patterns they are meant to catch', () => {
  assert.deepEqual(unboundedQuantifiers('a+b*[+*]\\+c{2,}'), ['+', '*', '{2,}']);
  assert.deepEqual(nestedQuantifiers('(?:a{1,3}b){1,9}'), ['(?:a{1,3}b)']);
  assert.deepEqual(nestedQuantifiers('(?:[a-z]|\\.){1,9}(x{1,2})?'), []);
});

test('gives every rule needles, lower case where its pattern ignores case', () => {
  assert.deepEqual(
    SECRET_RULES.filter(
      (rule) =>
        rule.needles.length === 0 ||
        rule.needles.some(
          (needle) => needle === '' || (rule.pattern.ignoreCase && needle !== needle.toLowerCase()),
        ),
    ).map((rule) => rule.kind),
    [],
  );
});
