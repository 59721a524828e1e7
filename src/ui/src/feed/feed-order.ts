import { OBSERVATION_TYPES, type FeedFilter, type FeedItem } from '../api-types.ts';

/** The worker's order: newest first; within a millisecond observation, summary, prompt. */
const RANK: Record<FeedItem['kind'], number> = { observation: 2, summary: 1, prompt: 0 };

/** Sort comparator of the feed. */
export function newestFirst(a: FeedItem, b: FeedItem): number {
  return b.created_at - a.created_at || RANK[b.kind] - RANK[a.kind] || b.id - a.id;
}

/** `current` plus those of `incoming` it does not hold yet (by key), in feed order. */
export function mergeItems<T extends FeedItem>(current: T[], incoming: readonly T[]): T[] {
  const keys = new Set(current.map((item) => item.key));
  const fresh = incoming.filter((item) => !keys.has(item.key));
  return fresh.length === 0 ? current : [...current, ...fresh].sort(newestFirst);
}

/** Whether a live item belongs in the feed as filtered. */
export function matchesFilter(item: FeedItem, filter: FeedFilter): boolean {
  if (filter.project && item.project !== filter.project) return false;
  if (!matchesTeam(item, filter)) return false;
  // A live summary or prompt does not say its agent: it shows once the page reloads.
  if (filter.agent && (item.kind !== 'observation' || item.agent !== filter.agent)) return false;
  if (!filter.type) return true;
  if ((OBSERVATION_TYPES as readonly string[]).includes(filter.type)) {
    return item.kind === 'observation' && item.type === filter.type;
  }
  return item.kind === filter.type;
}

/** The scope and author filters, as the worker applies them (prompts have neither). */
function matchesTeam(item: FeedItem, filter: FeedFilter): boolean {
  const author = filter.author?.trim().toLowerCase() ?? '';
  if (!filter.scope && !author) return true;
  if (item.kind === 'prompt') return false;
  if (filter.scope && item.scope !== filter.scope) return false;
  if (author === 'me') return item.author === null;
  return !author || item.author?.toLowerCase() === author;
}
