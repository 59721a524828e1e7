import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentIdFromPath, parentTranscriptPath, transcriptStem } from './transcript-paths.ts';

test('transcriptStem drops the folder and the .jsonl extension', () => {
  assert.equal(transcriptStem('/p/-proj/abc-123.jsonl'), 'abc-123');
  assert.equal(transcriptStem(''), '');
});

test('agentIdFromPath reads agent-<id>.jsonl and nothing else', () => {
  assert.equal(agentIdFromPath('/p/s/subagents/agent-a1b2.jsonl'), 'a1b2');
  assert.equal(agentIdFromPath('/p/agent-acompact-ff.jsonl'), 'acompact-ff');
  assert.equal(agentIdFromPath('/p/session.jsonl'), undefined);
  assert.equal(agentIdFromPath('/p/agent-.jsonl'), undefined);
});

test('parentTranscriptPath finds the parent for both subagent layouts', () => {
  assert.equal(
    parentTranscriptPath('/p/-proj/s1/subagents/agent-a.jsonl', 's1'),
    '/p/-proj/s1.jsonl',
  );
  assert.equal(parentTranscriptPath('/p/-proj/agent-a.jsonl', 's1'), '/p/-proj/s1.jsonl');
  assert.equal(parentTranscriptPath('', 's1'), '');
});
