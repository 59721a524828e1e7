import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexEntry } from '../store/index.ts';
import { withAgentMarks } from './agent-marks.ts';

const entry = (id: number, agent: string): IndexEntry => ({
  id,
  session_row_id: 1,
  type: 'discovery',
  title: `t${id}`,
  pinned: 0,
  created_at: id,
  detail_chars: 0,
  agent,
});

test('agents are named only when the context mixes them, next to anchor marks', () => {
  const anchors = new Map([[2, '⚠']]);
  assert.equal(withAgentMarks(anchors, [entry(1, 'codex'), entry(2, 'codex')]), anchors);
  const mixed = withAgentMarks(anchors, [
    entry(1, 'claude'),
    entry(2, 'codex'),
    entry(3, 'gemini'),
  ]);
  assert.deepEqual([...mixed.entries()].sort(), [
    [2, '⚠ [codex]'],
    [3, '[gemini]'],
  ]);
});
