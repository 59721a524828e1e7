import { resolveProject } from '../../config/index.ts';
import { AGENTS, SCOPES, SEARCH_MODES, knownNote, olderNote } from '../../domain/index.ts';
import type { Knowing, OlderThan } from '../../domain/recall-api.ts';
import { iconOf } from '../../context/index.ts';
import { MAX_PHRASINGS } from '../../search/index.ts';
import { usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';
import { checkProject, checkTypes, checkWhole } from './recall-args.ts';
import { alternatives, inWords } from '../help.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

interface Hit {
  id: number;
  date: string;
  type: string;
  title: string;
  tokens: number;
  pinned: boolean;
  project: string;
  scope?: string;
  author?: string | null;
  anchor?: { state: string; files: Array<{ path: string; state: string }> } | null;
  known?: Knowing | undefined;
  older?: OlderThan | null | undefined;
}

/** `  [superseded by #12 on 2026-11-02]`, `  [hypothesis (not verified)]` (issue 34). */
const truthNote = (hit: Hit): string => {
  const notes = [
    hit.older ? olderNote(hit.older) : '',
    hit.known === 'hypothesis' ? knownNote(hit.known) : '',
  ];
  const text = notes.filter((note) => note !== '').join('; ');
  return text ? `  [${text}]` : '';
};

/** ` ⚠ changed: b.ts` when the code a hit describes is not as it was. */
const anchorNote = (hit: Hit): string => {
  const state = hit.anchor?.state;
  if (state !== 'changed' && state !== 'gone') return '';
  const files = hit.anchor?.files.filter((file) => file.state === state).map((file) => file.path);
  return `  ⚠ ${state}: ${(files ?? []).join(', ')}`;
};

/** The options `search` accepts. */
export const SEARCH_OPTIONS = {
  project: FLAG.project,
  all: { type: 'boolean' },
  type: { type: 'string' },
  concept: { type: 'string' },
  file: { type: 'string' },
  since: FLAG.since,
  until: FLAG.until,
  session: FLAG.session,
  author: { type: 'string' },
  scope: { type: 'string' },
  agent: FLAG.agent,
  mode: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  fresh: { type: 'boolean' },
  'all-time': { type: 'boolean' },
  json: FLAG.json,
  query: { type: 'string', short: 'q', multiple: true },
} as const;

function parse(args: string[]) {
  const parsed = parseWithPositionals(args, SEARCH_OPTIONS);
  checkWhole('limit', parsed.values.limit, 1, 100, 20);
  checkWhole('offset', parsed.values.offset, 0, 10_000, 20);
  checkTypes(parsed.values.type);
  if (parsed.values.author?.trim() === '') throw usage("--author: give a teammate's name, or me");
  checkPhrasings(parsed.positionals, parsed.values.query ?? []);
  return parsed;
}

/** Each `-q` is a phrasing: not empty, and at most MAX_PHRASINGS with the positional query. */
function checkPhrasings(positionals: readonly string[], phrasings: readonly string[]): void {
  if (phrasings.some((text) => text.trim() === '')) {
    throw usage('-q: expected words to search for, got an empty text');
  }
  const count = phrasings.length + (positionals.length > 0 ? 1 : 0);
  if (count > MAX_PHRASINGS) {
    throw usage(
      `-q: expected at most ${MAX_PHRASINGS} phrasings in all (the query and each -q), got ${count}`,
    );
  }
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>;
}

/** `[by alice] ` on a teammate's memory, `[team] ` on one of ours that is shared. */
const teamTag = (hit: Hit): string =>
  hit.author ? `[by ${hit.author}] ` : hit.scope === 'team' ? '[team] ' : '';

const line = (hit: Hit): string =>
  `#${hit.id}  ${hit.date.slice(0, 16).replace('T', ' ')}  ${iconOf(hit.type)} ${hit.type.padEnd(9)} ${hit.pinned ? '📌 ' : ''}${teamTag(hit)}${hit.title}  (~${hit.tokens.toLocaleString('en-US')} token${hit.tokens === 1 ? '' : 's'})${anchorNote(hit)}${truthNote(hit)}`;

/**
 * `claude-mem search` (usage in SEARCH_COMMAND below): searches the current folder's project
 * unless told otherwise. Each `-q` is one more phrasing of the same need; the worker
 * fuses their rankings.
 */
export const searchCommand: Command<RecallCommandDeps> = async function searchCommand(
  args,
  print,
  deps = {},
) {
  const { values, positionals } = parse(args);
  const project = values.all
    ? undefined
    : (values.project ?? resolveProject(deps.cwd ?? process.cwd(), deps.env ?? process.env).name);
  const params = {
    q: positionals.join(' '),
    project,
    session_id: values.session,
    fresh: values.fresh ? '1' : undefined,
    all_time: values['all-time'] ? '1' : undefined,
    cwd: deps.cwd ?? process.cwd(),
    ...pick(values, ['type', 'concept', 'file', 'since', 'until', 'mode', 'limit', 'offset']),
    ...pick(values, ['author', 'scope', 'agent']),
  };
  const call = recallClient(deps);
  const search = async (scope: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(scope).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    for (const phrasing of values.query ?? []) query.append('q', phrasing);
    const res = await callOrFail(call, 'GET', `/api/search?${query.toString()}`);
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
  const phrasings = [params.q, ...(values.query ?? [])].filter((text) => text.trim() !== '');
  if (body.items.length === 0 && phrasings.length > 0) {
    print(`No observations match "${phrasings.join('" or "')}" in ${scope} (${body.mode}).`);
  } else {
    print(`${plural(body.items.length, 'result')} in ${scope} (${body.mode}); dates UTC`);
  }
  if (body.note) print(`note: ${body.note}`);
  for (const hit of body.items) print(line(hit));
  if (body.partial && body.searched_from) {
    print(`note: ranked matches from ${body.searched_from.slice(0, 10)} on; ${body.widen ?? ''}`);
  }
  const offset = Number(values.offset ?? 0) + body.items.length;
  if (body.hasMore) print(`more: --offset ${offset}`);
  // Nothing here, from the first page on: say whether the other projects have it.
  if (body.items.length === 0 && project !== undefined && offset === 0) {
    const elsewhere = await search({ ...params, project: undefined, limit: '100' });
    const n = elsewhere.hasMore ? '100 or more' : String(elsewhere.items.length);
    if (elsewhere.items.length > 0) print(`--all finds ${n} in other projects`);
  }
  return 0;
};

interface SearchBody {
  items: Hit[];
  mode: string;
  hasMore: boolean;
  /** Why the ranking is not the one asked for (the vector store could not be reached). */
  note?: string;
  /** Older matches were not ranked: from when it looked, and how to widen. */
  partial?: boolean;
  searched_from?: string;
  widen?: string;
}

const plural = (n: number, word: string): string =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** `claude-mem search`: its help, options and handler (the command table's entry). */
export const SEARCH_COMMAND = commandEntry(
  [
    'search <query> [-q|--query Q]... [--project P | --all] [--type T[,T]] [--concept C[,C]]',
    '       [--file F] [--since DATE] [--until DATE] [--session ID] [--author NAME]',
    `       [--scope ${alternatives(SCOPES)}] [--agent A] [--mode ${alternatives(SEARCH_MODES)}] [--limit N]`,
    '       [--offset N] [--fresh] [--all-time] [--json]',
  ],
  `Search the memory: the current folder's project, or P, or --all projects. Each -q is another phrasing of the same need (at most ${MAX_PHRASINGS} in all): each is searched and the rankings fused. --limit 1-100 (default 20), --offset pages on; --mode defaults to the search.mode setting; --fresh leaves out memories whose code changed or is gone; --author a teammate's memories (me: your own), --scope only private or only shared ones\n--agent: only memories made by ${inWords(AGENTS)}; --all-time ranks every match however old (a query of common words only is otherwise ranked among its newest matches, with a note saying so)`,
  searchCommand,
  { options: SEARCH_OPTIONS, choices: { mode: SEARCH_MODES, scope: SCOPES, agent: AGENTS } },
);
