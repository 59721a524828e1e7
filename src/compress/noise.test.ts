import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noiseReason } from './noise.ts';
import type { CompressEvent } from './types.ts';

const event = (
  toolName: string,
  input: unknown,
  response: unknown,
  failed = false,
): CompressEvent => ({
  id: 1,
  toolName,
  input,
  response,
  error: failed ? 'Exit code 1' : null,
  failed,
  agentId: null,
  at: 0,
});

test('bookkeeping tools, empty searches and bare listings are noise, with a reason', () => {
  assert.equal(
    noiseReason(event('TodoWrite', {}, {})),
    'read-only noise: TodoWrite is bookkeeping',
  );
  assert.equal(
    noiseReason(event('Glob', { pattern: '*.x' }, 'No files found')),
    'read-only noise: the search found nothing',
  );
  assert.equal(
    noiseReason(event('Grep', {}, { numFiles: 0, filenames: [] })),
    'read-only noise: the search found nothing',
  );
  assert.equal(
    noiseReason(event('Bash', { command: 'ls -la src' }, { stdout: 'a' })),
    'read-only noise: a listing or navigation command',
  );
});

test('work, findings and failures are not noise', () => {
  assert.equal(noiseReason(event('Grep', {}, { numFiles: 2, filenames: ['a', 'b'] })), undefined);
  assert.equal(noiseReason(event('Bash', { command: 'ls | wc -l' }, { stdout: '3' })), undefined);
  assert.equal(noiseReason(event('Bash', { command: 'ls missing' }, null, true)), undefined);
  assert.equal(noiseReason(event('Edit', { file_path: 'a' }, {})), undefined);
});

test('calls of our own MCP tools are never sent to a provider', () => {
  assert.equal(
    noiseReason(event('mcp__claude-mem__search', { query: 'login' }, 'Found 3')),
    "memory tool: mcp__claude-mem__search is claude-mem's own",
  );
  assert.match(
    noiseReason(event('mcp__plugin_claude-mem_claude-mem__save_memory', {}, {}, true)) ?? '',
    /^memory tool: /,
  );
});
