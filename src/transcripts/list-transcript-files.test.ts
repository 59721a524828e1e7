import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { listTranscriptFiles } from './list-transcript-files.ts';

const root = mkdtempSync(join(tmpdir(), 'transcripts-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('lists every .jsonl file below the root, recursively and sorted', () => {
  mkdirSync(join(root, 'b', 's1', 'subagents'), { recursive: true });
  mkdirSync(join(root, 'a'));
  for (const file of ['b/s1.jsonl', 'b/s1/subagents/agent-x.jsonl', 'a/z.jsonl', 'a/notes.md']) {
    writeFileSync(join(root, file), '');
  }
  const expected = ['a/z.jsonl', 'b/s1.jsonl', 'b/s1/subagents/agent-x.jsonl'];
  assert.deepEqual(
    listTranscriptFiles(root),
    expected.map((file) => join(root, file)),
  );
});
