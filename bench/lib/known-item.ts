import { basename, relative } from 'node:path';
import { capture, type HookInput } from '../../src/capture/index.ts';
import { loadSettings } from '../../src/config/index.ts';
import type { SearchMode } from '../../src/domain/index.ts';
import type { Db } from '../../src/store/index.ts';
import { replayCorpus, toolPayloads } from '../../test/helpers/replay.ts';
import { benchCorpusDirs } from './corpus.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import type { RecallStack } from './recall-stack.ts';

/**
 * How much of a tool's output the stand-in observation keeps. Real observations are shorter
 * (a compressor's summary); this is a deliberately simple, deterministic stand-in.
 */
export const HEAD_CHARS = 2000;

/** A captured tool event and the stand-in observation made from it. */
interface ToolMemory {
  id: number;
  project: string;
  output: string;
}

/** One known-item query: a distinctive output line and the observation it came from. */
export interface KnownItem {
  id: number;
  project: string;
  query: string;
  /** The line lies within the stored head of the output. */
  inHead: boolean;
}

/** Every string inside a JSON value, in order (a tool response's text, whatever its shape). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const INPUT_KEYS = ['file_path', 'command', 'pattern', 'url', 'query', 'description', 'path'];

function inputSummary(input: unknown): string {
  const record = (input ?? {}) as Record<string, unknown>;
  const key = INPUT_KEYS.find((name) => typeof record[name] === 'string');
  return (key ? String(record[key]) : JSON.stringify(input ?? {}))
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}

/** The project a corpus file belongs to: its `real_projects/<folder>`, else its corpus. */
function projectOf(file: string, dirs: readonly string[]): string {
  const dir = dirs.find((corpus) => file.startsWith(corpus)) ?? '';
  const parts = relative(dir, file).split('/');
  return parts[0] === 'real_projects' ? (parts[1] ?? 'unknown') : basename(dir);
}

/**
 * Replays the real transcripts into hook payloads, captures each tool event exactly as the hook
 * would (stripped, redacted, elided), and stores one stand-in observation per event: title from
 * the tool and its input, narrative = the head of its output, files from the input.
 */
function storeToolEvents(db: Db, maxFiles: number, dirs: readonly string[]): ToolMemory[] {
  const settings = loadSettings('/nonexistent-claude-mem-bench', {}).settings;
  const memories: ToolMemory[] = [];
  let n = 0;
  db.transaction(() => {
    for (const replayed of replayCorpus(dirs).slice(0, maxFiles)) {
      const project = projectOf(replayed.file, dirs);
      for (const payload of toolPayloads(replayed.payloads)) {
        n += 1;
        const ctx = {
          settings,
          sessionId: String(payload.session_id),
          project: { name: project, root: '/' },
          cwd: '/',
          id: `ki-${n}`,
          now: n,
        };
        const result = capture('PostToolUse', payload as HookInput, ctx);
        if (result.action !== 'spool' || result.event.kind !== 'tool') continue;
        const { toolName, input, response, error } = result.event;
        const output = [...strings(response), error ?? ''].join('\n');
        const file = (input as { file_path?: unknown } | null)?.file_path;
        const edits = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'].includes(toolName);
        const id = seedObservation(db, {
          project,
          type: edits ? 'change' : 'discovery',
          title: `${toolName}: ${inputSummary(input)}`,
          narrative: output.slice(0, HEAD_CHARS),
          ...(typeof file === 'string'
            ? edits
              ? { filesModified: [file] }
              : { filesRead: [file] }
            : {}),
          createdAt: Date.UTC(2025, 0, 1) + n * 1000,
        });
        memories.push({ id, project, output });
      }
    }
  })();
  return memories;
}

const usable = (line: string): boolean =>
  line.length >= 30 && line.length <= 200 && (line.match(/\p{L}{2,}/gu) ?? []).length >= 3;

/** Lines that occur in exactly one event's output: the distinctive ones. */
function distinctiveLines(memories: readonly ToolMemory[]): Map<number, string[]> {
  const owners = new Map<string, Set<number>>();
  for (const memory of memories) {
    for (const line of new Set(
      memory.output
        .split('\n')
        .map((l) => l.trim())
        .filter(usable),
    )) {
      (owners.get(line) ?? owners.set(line, new Set()).get(line)!).add(memory.id);
    }
  }
  const byId = new Map<number, string[]>();
  for (const [line, ids] of owners) {
    if (ids.size === 1) {
      const [id] = ids;
      byId.set(id!, [...(byId.get(id!) ?? []), line]);
    }
  }
  return byId;
}

/** mulberry32: a seeded generator, so the sample is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stores the corpus' tool events and samples `count` known items (seeded). */
export function loadKnownItems(
  db: Db,
  count: number,
  maxFiles = Infinity,
  dirs: readonly string[] = benchCorpusDirs(),
): { items: KnownItem[]; events: number } {
  const memories = storeToolEvents(db, maxFiles, dirs);
  const lines = distinctiveLines(memories);
  const next = random(7);
  const candidates = memories.filter((memory) => lines.has(memory.id));
  const items: KnownItem[] = [];
  while (items.length < count && candidates.length > 0) {
    const [memory] = candidates.splice(Math.floor(next() * candidates.length), 1);
    const options = lines.get(memory!.id)!;
    const query = options[Math.floor(next() * options.length)]!;
    items.push({
      id: memory!.id,
      project: memory!.project,
      query,
      inHead: memory!.output.slice(0, HEAD_CHARS).includes(query),
    });
  }
  return { items, events: memories.length };
}

/** Share of known items whose observation is in the top 5 of its project's search. */
export async function scoreKnownItems(
  stack: RecallStack,
  items: readonly KnownItem[],
  mode: SearchMode,
): Promise<number> {
  let hits = 0;
  for (const item of items) {
    const result = await stack.searcher.search({
      query: item.query,
      filters: { project: item.project },
      limit: 5,
      offset: 0,
      mode,
    });
    hits += result.hits.some((hit) => hit.id === item.id) ? 1 : 0;
  }
  return hits / items.length;
}
