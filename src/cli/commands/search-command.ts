import { parseArgs } from 'node:util';
import { resolveProject } from '../../config/index.ts';
import { iconOf } from '../../context/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { apiFailure, recallClient, type RecallCommandDeps } from './context-command.ts';

interface Hit {
  id: number;
  date: string;
  type: string;
  title: string;
  tokens: number;
  pinned: boolean;
  project: string;
}

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
  mode: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: SEARCH_OPTIONS, allowPositionals: true });
  } catch (error) {
    throw usage((error as Error).message);
  }
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>;
}

const line = (hit: Hit): string =>
  `#${hit.id}  ${hit.date.slice(0, 16).replace('T', ' ')}  ${iconOf(hit.type)} ${hit.type.padEnd(9)} ${hit.pinned ? '📌 ' : ''}${hit.title}  (~${hit.tokens} tokens)`;

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
    ...pick(values, ['type', 'concept', 'file', 'since', 'until', 'mode', 'limit', 'offset']),
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const res = await recallClient(deps)('GET', `/api/search?${query.toString()}`).catch(
    (error: Error) => {
      throw new CliError(error.message);
    },
  );
  if (res.status !== 200) throw apiFailure(res);
  const body = res.body as { items: Hit[]; mode: string; hasMore: boolean; note?: string };
  if (values.json) {
    print(JSON.stringify(body, null, 2));
    return 0;
  }
  const scope = project ? `project ${project}` : 'all projects';
  if (body.items.length === 0 && params.q.trim() !== '') {
    print(`No observations match "${params.q}" in ${scope} (${body.mode}).`);
    return 0;
  }
  print(
    `${body.items.length} result${body.items.length === 1 ? '' : 's'} in ${project ? `project ${project}` : 'all projects'} (${body.mode}); dates UTC`,
  );
  if (body.note) print(`note: ${body.note}`);
  for (const hit of body.items) print(line(hit));
  if (body.hasMore) print('more: --offset');
  return 0;
}
