import type { OlderThan } from './recall-api.ts';

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `superseded by #12 on 2026-11-02` (a stored link) or `older than #12 (2026-11-02)` (seen). */
export function olderNote(older: OlderThan): string {
  const day = older.at === null ? '' : dayOf(older.at);
  if (older.stored) return `superseded by #${older.by}${day ? ` on ${day}` : ''}`;
  return `older than #${older.by}${day ? ` (${day})` : ''}`;
}

/** `hypothesis (not verified)`, `verified (test run)`, or '' when not known. */
export function knownNote(known: string | null | undefined, by?: string | null): string {
  if (known === 'hypothesis') return 'hypothesis (not verified)';
  if (known !== 'verified') return '';
  const how: Record<string, string> = {
    test: 'a passing test run',
    command: 'a passing build or check',
    commit: 'a commit',
    user: 'you',
  };
  return by && how[by] ? `verified by ${how[by]}` : 'verified';
}
