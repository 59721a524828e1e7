import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assistantLine,
  jsonl,
  resultLine,
  text,
  toolUse,
  userLine,
} from '../../transcripts/test-transcript.ts';

/** The time of the fixture's first line. */
export const T0 = Date.parse('2025-03-01T10:00:00.000Z');

const at = (ms: number) => ({ timestamp: new Date(T0 + ms).toISOString() });

/**
 * A session of three turns written as Claude Code 2.1 does, under `<root>/proj`: a visible
 * prompt whose turn runs a subagent (its own transcript in `sess-1/subagents/`), a fully
 * private prompt, and a prompt that runs tests. Returns the two paths.
 */
export function writeSession(root: string, sessionId = 'sess-1'): { main: string; agent: string } {
  const dir = join(root, 'proj');
  const agentDir = join(dir, sessionId, 'subagents');
  mkdirSync(agentDir, { recursive: true });
  const s = { sessionId, cwd: '/work/proj' };
  const main = join(dir, `${sessionId}.jsonl`);
  writeFileSync(
    main,
    jsonl(
      userLine('fix the parser', { ...s, ...at(1000) }),
      assistantLine(
        'm1',
        [toolUse(`${sessionId}-read`, 'Read', { file_path: '/work/proj/a.ts' })],
        {
          ...s,
          ...at(2000),
        },
      ),
      resultLine(`${sessionId}-read`, 'file text', { extra: { ...s, ...at(3000) } }),
      assistantLine('m2', [toolUse(`${sessionId}-task`, 'Task', { prompt: 'research' })], {
        ...s,
        ...at(4000),
      }),
      resultLine(`${sessionId}-task`, 'research done', { extra: { ...s, ...at(9000) } }),
      assistantLine('m3', [text('parser fixed')], { ...s, ...at(9500) }),
      userLine('<private>my secret plan</private>', { ...s, ...at(10_000) }),
      assistantLine('m4', [toolUse(`${sessionId}-secret`, 'Bash', { command: 'cat plan' })], {
        ...s,
        ...at(11_000),
      }),
      resultLine(`${sessionId}-secret`, 'the plan', { extra: { ...s, ...at(12_000) } }),
      assistantLine('m5', [text('ok')], { ...s, ...at(12_500) }),
      userLine('now run the tests', { ...s, ...at(13_000) }),
      assistantLine('m6', [toolUse(`${sessionId}-test`, 'Bash', { command: 'npm test' })], {
        ...s,
        ...at(14_000),
      }),
      resultLine(`${sessionId}-test`, 'all green', { extra: { ...s, ...at(15_000) } }),
    ),
  );
  const side = { ...s, isSidechain: true, agentId: 'a1' };
  const agent = join(agentDir, 'agent-a1.jsonl');
  writeFileSync(
    agent,
    jsonl(
      userLine('research', { ...side, ...at(4100) }),
      assistantLine('s1', [toolUse(`${sessionId}-grep`, 'Grep', { pattern: 'parse' })], {
        ...side,
        ...at(5000),
      }),
      resultLine(`${sessionId}-grep`, 'a.ts:1', { extra: { ...side, ...at(6000) } }),
      assistantLine('s2', [text('found it')], { ...side, ...at(7000) }),
    ),
  );
  writeFileSync(join(agentDir, 'agent-a1.meta.json'), JSON.stringify({ agentType: 'Explore' }));
  return { main, agent };
}
