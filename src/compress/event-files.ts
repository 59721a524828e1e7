import { relativePath } from './normalize.ts';
import type { CompressEvent, ObservationDraft } from './types.ts';

const PATH_KEYS = ['file_path', 'notebook_path', 'path'];

/** The file (or folder) an event's input names, relative to the project root. */
export function eventPath(event: CompressEvent, root: string): string | undefined {
  const input = event.input;
  if (typeof input !== 'object' || input === null) return undefined;
  for (const key of PATH_KEYS) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return relativePath(value.trim(), root);
  }
  return undefined;
}

/**
 * The events an observation came from: those whose file it names. When it names none of the
 * batch's files (a finding from commands, say), every event of the batch is its source.
 */
export function sourcesOf(
  observation: Pick<ObservationDraft, 'filesRead' | 'filesModified'>,
  events: readonly CompressEvent[],
  root: string,
): number[] {
  const files = new Set([...observation.filesRead, ...observation.filesModified]);
  const matched = events.filter((event) => {
    const path = eventPath(event, root);
    return path !== undefined && files.has(path);
  });
  return (matched.length > 0 ? matched : events).map((event) => event.id);
}
