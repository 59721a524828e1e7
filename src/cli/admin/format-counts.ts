const NAMES: Record<string, [string, string]> = {
  observations: ['observation', 'observations'],
  summaries: ['summary', 'summaries'],
  prompts: ['prompt', 'prompts'],
  events: ['tool event', 'tool events'],
  turns: ['turn end', 'turn ends'],
  sessions: ['session', 'sessions'],
};

/** `3 observations, 1 summary, 12 tool events` (zeros left out), or `nothing`. */
export function formatCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const [one, many] = NAMES[key] ?? [key, key];
      return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
    });
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
