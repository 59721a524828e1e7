import type { IndexEntry } from '../store/index.ts';

/**
 * Names the agent beside a memory only where it helps: when the context mixes agents, each
 * memory another agent than Claude Code made gets `[codex]` (or gemini, copilot) after its
 * icon. A project only one agent works on shows no names. Kept apart from the anchor marks,
 * which rank entries: an agent's name must not move a memory.
 */
export function withAgentMarks(
  marks: ReadonlyMap<number, string>,
  entries: readonly IndexEntry[],
): ReadonlyMap<number, string> {
  const agents = new Set(entries.map((entry) => entry.agent ?? 'claude'));
  if (agents.size < 2) return marks;
  const next = new Map(marks);
  for (const entry of entries) {
    if (!entry.agent || entry.agent === 'claude') continue;
    const anchor = marks.get(entry.id);
    next.set(entry.id, anchor ? `${anchor} [${entry.agent}]` : `[${entry.agent}]`);
  }
  return next;
}
