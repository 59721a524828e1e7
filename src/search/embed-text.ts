import { jsonList } from '../store/index.ts';
import type { PendingRow } from './vector-index.ts';

const items = jsonList;

/**
 * What is embedded for an observation: title, subtitle, narrative, facts and concepts, each part
 * once (a part contained in another adds only cost: the model's time grows with the length).
 */
export function embedText(row: Omit<PendingRow, 'id' | 'project' | 'updated_at'>): string {
  const parts = [row.title, row.subtitle, row.narrative, ...items(row.facts)]
    .concat(items(row.concepts).join(', '))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const redundant = (part: string, i: number): boolean =>
    parts.some((other, j) => j !== i && other.includes(part) && (other !== part || j < i));
  return parts.filter((part, i) => !redundant(part, i)).join('\n');
}
