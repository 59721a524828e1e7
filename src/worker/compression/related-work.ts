import { factsOf, type Fact } from '../../domain/index.ts';
import type { CompressEvent, TurnBatch } from '../../compress/index.ts';
import { relatedMemories, type Db } from '../../store/index.ts';

/** Memories shown to an LLM per request: a few titles, ~200 tokens of the frame. */
export const RELATED_LIMIT = 5;
/** Characters of an event's text read for subjects: a key or version sits near the top. */
const SCAN_CHARS = 4000;

const PATH_KEYS = ['file_path', 'notebook_path', 'path'] as const;
const TEXT_KEYS = ['new_string', 'content', 'command'] as const;

function field(event: CompressEvent, key: string): string {
  const input = event.input as Record<string, unknown> | null;
  const value = typeof input === 'object' && input !== null ? input[key] : undefined;
  return typeof value === 'string' ? value : '';
}

const subjectWords = (fact: Fact): string[] =>
  fact.subject
    .slice(fact.subject.indexOf(':') + 1)
    .replace(/^.*#/, '')
    .split(/\s+/);

/** The files a batch touches and the subjects (keys, packages, ports) its edits and commands state. */
export function batchTerms(batch: Pick<TurnBatch, 'events' | 'root'>): string[] {
  const words: string[] = [];
  for (const event of batch.events) {
    for (const key of PATH_KEYS) {
      const path = field(event, key);
      if (path)
        words.push(path.startsWith(`${batch.root}/`) ? path.slice(batch.root.length + 1) : path);
    }
    const text = TEXT_KEYS.map((key) => field(event, key).slice(0, SCAN_CHARS)).join('\n');
    words.push(...factsOf(text).flatMap(subjectWords));
  }
  return words;
}

/**
 * The batch with the project's existing memories that share its files or subjects (issue 34),
 * so an LLM provider can answer `<supersedes>`; the heuristic provider ignores them.
 */
export function withRelated(db: Db, batch: TurnBatch): TurnBatch {
  const related = relatedMemories(db, batch.project, batchTerms(batch), RELATED_LIMIT);
  return related.length > 0 ? { ...batch, related } : batch;
}
