import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SpoolEvent } from '../../spool/index.ts';
import { askedBefore, commandOf, emptyHistory, filePathOf, remember } from './eval-history.ts';

const base = { v: 1 as const, at: 1, project: { name: 'p', root: '/p' }, cwd: '/p' };
const prompt = (sessionId: string, text: string): SpoolEvent => ({
  ...base,
  id: `${sessionId}-${text}`,
  sessionId,
  kind: 'prompt',
  text,
});
const tool = (toolName: string, input: unknown, failed = false) =>
  ({
    ...base,
    id: `t-${toolName}`,
    sessionId: 's1',
    kind: 'tool',
    toolName,
    toolUseId: null,
    agentId: null,
    input,
    response: null,
    error: failed ? 'exit 1' : null,
    failed,
    durationMs: null,
  }) satisfies SpoolEvent;

describe('eval history: what a later session may repeat', () => {
  it('a rephrased question about the same subject is asked again; a short common one is not', () => {
    const history = emptyHistory();
    remember(history, 's1', [prompt('s1', 'Make the rate limiter allow short bursts')]);
    assert.equal(
      askedBefore(history, 's2', 'Why does the rate limiter still reject bursts?')?.sessionId,
      's1',
    );
    assert.equal(askedBefore(history, 's2', 'fix the tests'), undefined);
    assert.equal(askedBefore(history, 's1', 'the rate limiter and its bursts'), undefined);
  });

  it('remembers failed commands whitespace-collapsed, and not the ones that passed', () => {
    const history = emptyHistory();
    remember(history, 's1', [
      tool('Bash', { command: 'npm  test --  rate' }, true),
      tool('Bash', { command: 'ls' }),
    ]);
    assert.deepEqual(history.failed, { 'npm test -- rate': 's1' });
    assert.equal(commandOf(tool('Bash', { command: ' npm test\n-- rate ' })), 'npm test -- rate');
  });

  it('file recall fires for Read, Edit, Write and MultiEdit only', () => {
    assert.equal(filePathOf(tool('Edit', { file_path: '/p/a.ts' })), '/p/a.ts');
    assert.equal(filePathOf(tool('Grep', { path: '/p/a.ts' })), undefined);
    assert.equal(filePathOf(tool('Read', {})), undefined);
  });
});
