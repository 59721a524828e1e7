import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactSecrets } from '../../src/privacy/redact-secrets.ts';

/** A redacting example: the rule's kind, a text holding a secret, that text as redacted. */
export interface RedactionCase {
  readonly kind: string;
  readonly input: string;
  readonly expected: string;
}

/**
 * A test per example (`redacts <kind> in <text>`, the text cut to `width` in the name) that
 * redactSecrets gives exactly `expected`, and one per kept text that it comes back unchanged.
 */
export function testRedactions(
  redacted: readonly RedactionCase[],
  kept: readonly string[],
  width: number,
): void {
  for (const { kind, input, expected } of redacted) {
    test(`redacts ${kind} in ${JSON.stringify(input.slice(0, width))}`, () => {
      assert.equal(redactSecrets(input), expected);
    });
  }
  for (const input of kept) {
    test(`keeps ${JSON.stringify(input.slice(0, 50))}`, () => {
      assert.equal(redactSecrets(input), input);
    });
  }
}
