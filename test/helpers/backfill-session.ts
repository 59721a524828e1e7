import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantLine, jsonl, resultLine, text, toolUse, userLine } from './transcript-lines.ts';

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
  const line = (ms: number) => ({ ...s, ...at(ms) });
  const call = (id: string, name: string, input: Record<string, unknown>) => [
    toolUse(`${sessionId}-${id}`, name, input),
  ];
  const write = (file: string, ...lines: Parameters<typeof jsonl>): void =>
    writeFileSync(file, jsonl(...lines));
  write(
    main,
    userLine('fix the parser', line(1000)),
    assistantLine('m1', call('read', 'Read', { file_path: '/work/proj/a.ts' }), line(2000)),
    resultLine(`${sessionId}-read`, 'file text', { extra: line(3000) }),
    assistantLine('m2', call('task', 'Task', { prompt: 'research' }), line(4000)),
    resultLine(`${sessionId}-task`, 'research done', { extra: line(9000) }),
    assistantLine('m3', [text('parser fixed')], line(9500)),
    userLine('<private>my secret plan</private>', line(10_000)),
    assistantLine('m4', call('secret', 'Bash', { command: 'cat plan' }), line(11_000)),
    resultLine(`${sessionId}-secret`, 'the plan', { extra: line(12_000) }),
    assistantLine('m5', [text('ok')], line(12_500)),
    userLine('now run the tests', line(13_000)),
    assistantLine('m6', call('test', 'Bash', { command: 'npm test' }), line(14_000)),
    resultLine(`${sessionId}-test`, 'all green', { extra: line(15_000) }),
  );
  const side = (ms: number) => ({ ...line(ms), isSidechain: true, agentId: 'a1' });
  const agent = join(agentDir, 'agent-a1.jsonl');
  write(
    agent,
    userLine('research', side(4100)),
    assistantLine('s1', call('grep', 'Grep', { pattern: 'parse' }), side(5000)),
    resultLine(`${sessionId}-grep`, 'a.ts:1', { extra: side(6000) }),
    assistantLine('s2', [text('found it')], side(7000)),
  );
  writeFileSync(join(agentDir, 'agent-a1.meta.json'), JSON.stringify({ agentType: 'Explore' }));
  return { main, agent };
}
