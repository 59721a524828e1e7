import { parseArgs } from 'node:util';
import { resolveProject } from '../../config/index.ts';
import { iconOf } from '../../context/index.ts';
import { CliError } from '../cli-error.ts';
import { parseFailure } from '../parse-options.ts';
import { checkChoice, checkProject, checkTypes, checkWhole } from './recall-args.ts';
import { apiFailure, recallClient, type RecallCommandDeps } from './context-command.ts';

interface Hit {
  id: number;
  date: string;
  type: string;
  title: string;
  tokens: number;
  pinned: boolean;
  project: string;
  anchor?: { state: string; files: Array<{ path: string; state: string }> } | null;
}

/** ` ⚠ changed: b.ts` when the code a hit describes is not as it was. */
const anchorNote = (hit: Hit): string => {
  const state = hit.anchor?.state;
  if (state !== 'changed' && state !== 'gone') return '';
  const files = hit.anchor?.files.filter((file) => file.state === state).map((file) => file.path);
  return `  ⚠ ${state}: ${(files ?? []).join(', ')}`;
};

/** The options `search` accepts. */
export const SEARCH_OPTIONS = {
  project: { type: 'string' },
  all: { type: 'boolean' },
  type: { type: 'string' },
  concept: { type: 'string' },
  file: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  session: { type: 'string' },
  agent: { type: 'string' },
  mode: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  fresh: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

function parse(args: string[]) {
  try {
    const parsed = parseArgs({ args, options: SEARCH_OPTIONS, allowPositionals: true });
    checkWhole('limit', parsed.values.limit, 1, 100, 20);
    checkWhole('offset', parsed.values.offset, 0, 10_000, 20);
    checkTypes(parsed.values.type);
    checkChoice('mode', parsed.values.mode, ['fts', 'vector', 'hybrid']);
    return parsed;
  } catch (error) {
    throw error instanceof CliError ? error : parseFailure(error, SEARCH_OPTIONS);
  }
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>;
}

const line = (hit: Hit): string =>
  `#${hit.id}  ${hit.date.slice(0, 16).replace('T', ' ')}  ${iconOf(hit.type)} ${hit.type.padEnd(9)} ${hit.pinned ? '📌 ' : ''}${hit.title}  (~${hit.tokens.toLocaleString('en-US')} token${hit.tokens === 1 ? '' : 's'})${anchorNote(hit)}`;

/**
 * `claude-mem search <query> [--project P | --all] [--type T[,T]] [--concept C] [--file F]
 * [--since DATE] [--until DATE] [--session ID] [--mode fts|vector|hybrid] [--limit N]
 * [--offset N] [--json]`: searches the current folder's project unless told otherwise.
 */
export async function searchCommand(
  args: string[],
  print: (line: string) => void,
  deps: RecallCommandDeps = {},
): Promise<number> {
  const { values, positionals } = parse(args);
  const project = values.all
    ? undefined
    : (values.project ?? resolveProject(deps.cwd ?? process.cwd(), deps.env ?? process.env).name);
  const params = {
    q: positionals.join(' '),
    project,
    session_id: values.session,
    fresh: values.fresh ? '1' : undefined,
    cwd: deps.cwd ?? process.cwd(),
    ...pick(values, [
      'type',
      'concept',
      'file',
      'since',
      'until',
      'agent',
      'mode',
      'limit',
      'offset',
    ]),
  };
  const call = recallClient(deps);
  const search = async (scope: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(scope).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const res = await call('GET', `/api/search?${query.toString()}`).catch((error: Error) => {
      throw new CliError(error.message);
    });
    if (res.status !== 200) throw apiFailure(res);
    return res.body as SearchBody;
  };
  if (!values.all) await checkProject(call, values.project);
  const body = await search(params);
  if (values.json) {
    print(JSON.stringify(body, null, 2));
    return 0;
  }
  const scope = project ? `project ${project}` : 'all projects';
  if (body.items.length === 0 && params.q.trim() !== '') {
    print(`No observations match "${params.q}" in ${scope} (${body.mode}).`);
  } else {
    print(`${plural(body.items.length, 'result')} in ${scope} (${body.mode}); dates UTC`);
  }
  if (body.note) print(`note: ${body.note}`);
  for (const hit of body.items) print(line(hit));
  const offset = Number(values.offset ?? 0) + body.items.length;
  if (body.hasMore) print(`more: --offset ${offset}`);
  // Nothing here, from the first page on: say whether the other projects have it.
  if (body.items.length === 0 && project !== undefined && offset === 0) {
    const elsewhere = await search({ ...params, project: undefined, limit: '100' });
    const n = elsewhere.hasMore ? '100 or more' : String(elsewhere.items.length);
    if (elsewhere.items.length > 0) print(`--all finds ${n} in other projects`);
  }
  return 0;
}

interface SearchBody {
  items: Hit[];
  mode: string;
  hasMore: boolean;
  /** Why the ranking is not the one asked for (the vector store could not be reached). */
  note?: string;
}

const plural = (n: number, word: string): string =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
