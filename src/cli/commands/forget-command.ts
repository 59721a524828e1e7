import { parseAnchor, parseTime } from '../../search/index.ts';
import { confirm, type AskIo } from '../admin/confirm.ts';
import { formatCounts } from '../admin/format-counts.ts';
import { adminWorker, type AdminWorker } from '../admin/worker-admin.ts';
import { usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** Ambient parts of `forget` and `purge`; defaults are the real process. */
export interface ForgetCommandDeps extends CompressCommandDeps {
  stdin?: NodeJS.ReadableStream;
  stderr?: AskIo['stderr'];
  now?: () => number;
}

/** The options `forget` accepts. */
export const FORGET_OPTIONS = {
  query: { type: 'string', short: 'q' },
  project: FLAG.project,
  since: FLAG.since,
  until: FLAG.until,
  yes: FLAG.yes,
} as const;

type Values = ReturnType<typeof parseWithPositionals<typeof FORGET_OPTIONS>>['values'];

const LIST = { observation: 'observations', summary: 'summaries', prompt: 'prompts' } as const;

/** The body of POST /api/admin/forget for ids (`123`, `#123`, `S12`, `#S12`, `P7`, `#P7`). */
function idsBody(refs: string[]) {
  const body = { observations: [] as number[], summaries: [] as number[], prompts: [] as number[] };
  for (const ref of refs) {
    let anchor;
    try {
      anchor = parseAnchor(ref);
    } catch {
      throw usage(
        `"${ref}" is not an id: expected 123 (observation), S12 (summary) or P7 (prompt)`,
      );
    }
    body[LIST[anchor.kind]].push(anchor.id);
  }
  return body;
}

function timeOf(text: string | undefined, field: string, now: number): number | undefined {
  if (text === undefined) return undefined;
  try {
    return parseTime(text, field, now);
  } catch (error) {
    throw usage(`--${(error as Error).message}`);
  }
}

const MAX_QUERY_HITS = 10_000;

/** Every observation the full-text search finds for --query (under the other filters). */
async function queryIds(worker: AdminWorker, values: Values): Promise<number[]> {
  const ids: number[] = [];
  const filters = Object.entries({
    project: values.project,
    since: values.since,
    until: values.until,
  });
  for (let offset = 0; offset < MAX_QUERY_HITS; offset += 100) {
    const query = new URLSearchParams({
      q: values.query ?? '',
      mode: 'fts',
      limit: '100',
      offset: String(offset),
    });
    for (const [key, value] of filters) if (value !== undefined) query.set(key, value);
    const page = await worker.get<{ items: Array<{ id: number }>; hasMore: boolean }>(
      `/api/search?${query.toString()}`,
    );
    ids.push(...page.items.map((item) => item.id));
    if (!page.hasMore) break;
  }
  return ids;
}

/** What to forget, as the worker's forget body (without dry_run); undefined: a query found nothing. */
async function selection(worker: AdminWorker, values: Values, refs: string[], now: number) {
  const scoped =
    values.project !== undefined || values.since !== undefined || values.until !== undefined;
  if (refs.length > 0 && (scoped || values.query !== undefined)) {
    throw usage('give ids, or --query, or --project/--since/--until: one kind of selection');
  }
  if (refs.length > 0) return idsBody(refs);
  if (values.query !== undefined) {
    if (values.query.trim() === '') throw usage('--query: give words to search for');
    const observations = await queryIds(worker, values);
    return observations.length > 0 ? { observations, summaries: [], prompts: [] } : undefined;
  }
  if (!scoped) throw usage('forget what? give ids, --query, --project or --since/--until');
  return {
    project: values.project,
    since: timeOf(values.since, 'since', now),
    until: timeOf(values.until, 'until', now),
  };
}

interface ForgetAnswer {
  counts: Record<string, number>;
  sample: Array<{ id: number; title: string; project: string }>;
}

/**
 * Shows what a delete would remove (the worker's dry run), asks unless `yes`, then deletes.
 * Shared by `forget` and `purge`; returns the exit code.
 */
export async function previewThenDelete(
  run: { worker: AdminWorker; path: string; body: object; yes: boolean },
  print: (line: string) => void,
  io: AskIo,
): Promise<number> {
  const preview = await run.worker.post<ForgetAnswer>(run.path, { ...run.body, dry_run: true });
  const total = Object.values(preview.counts).reduce((sum, n) => sum + n, 0);
  if (total === 0) {
    print('nothing to delete');
    return 0;
  }
  print(`to delete: ${formatCounts(preview.counts)}`);
  for (const item of preview.sample ?? []) print(`  #${item.id} [${item.project}] ${item.title}`);
  if (!run.yes && !(await confirm('Delete for good?', io))) {
    print('nothing deleted');
    return 1;
  }
  const done = await run.worker.post<ForgetAnswer>(run.path, { ...run.body, dry_run: false });
  print(`deleted: ${formatCounts(done.counts)} (search, context and vectors included)`);
  return 0;
}

/**
 * `claude-mem forget [ids...] [--query Q] [--project P] [--since D] [--until D] [--yes]`:
 * deletes observations, summaries and prompts by id (an observation with the tool events it
 * came from), the observations a full-text search finds, or everything captured in a project
 * and/or time range. Shows what goes and asks first.
 */
export const forgetCommand: Command<ForgetCommandDeps> = async function forgetCommand(
  args,
  print,
  deps = {},
) {
  const { values, positionals } = parseWithPositionals(args, FORGET_OPTIONS);
  const worker = await adminWorker(deps);
  const body = await selection(worker, values, positionals, (deps.now ?? Date.now)());
  if (body === undefined) {
    print('nothing matches: nothing to delete');
    return 0;
  }
  const io = { stdin: deps.stdin ?? process.stdin, stderr: deps.stderr ?? process.stderr };
  return previewThenDelete(
    { worker, path: '/api/admin/forget', body, yes: values.yes === true },
    print,
    io,
  );
};

/** `claude-mem forget`: its help, options and handler (the command table's entry). */
export const FORGET_COMMAND = commandEntry(
  'forget [ids...] [-q|--query Q] [--project P] [--since DATE] [--until DATE] [-y|--yes]',
  'Delete memories (search, context and vectors too); ids: 123 (observation), S12 (summary), P7 (prompt)',
  forgetCommand,
  { options: FORGET_OPTIONS },
);
