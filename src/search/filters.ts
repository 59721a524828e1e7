import { isAbsolute, posix } from 'node:path';
import { teamFilterParts, type TeamFilter } from '../store/index.ts';

/**
 * What a search may be narrowed to. Every field is optional; all given ones must hold. `author`
 * and `scope` (team memory) come from {@link TeamFilter}.
 */
export interface SearchFilters extends TeamFilter {
  project?: string | undefined;
  /** Any of these observation types. */
  types?: readonly string[] | undefined;
  /** Any of these concepts (case-insensitive). */
  concepts?: readonly string[] | undefined;
  /** Any of these files (absolute, or relative to the project root), read or modified. */
  files?: readonly string[] | undefined;
  /** Created at or after (ms). */
  since?: number | undefined;
  /** Created at or before (ms). */
  until?: number | undefined;
  /** Claude Code session id. */
  sessionId?: string | undefined;
  /** The coding agent that made the observation (`claude`, `codex`, `gemini`, `copilot`). */
  agent?: string | undefined;
}

/** A WHERE fragment over `o` (observations) and its named parameters. */
export interface FilterSql {
  sql: string;
  params: Record<string, string | number>;
}

const listOf = (column: string): string =>
  `json_each(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END)`;

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The stored forms a file filter matches: exactly, as a path ending in `/<relative>` (another
 * worktree of the same repository, or a relative path stored), or as a folder holding it.
 */
export function filePatterns(
  path: string,
  root: string | undefined,
): { equal: string[]; like: string[] } {
  const trimmed = path.trim().replace(/\/+$/, '').replace(/^\.\//, '');
  const abs = isAbsolute(trimmed) ? trimmed : root ? posix.join(root, trimmed) : undefined;
  const rel = isAbsolute(trimmed)
    ? root && trimmed.startsWith(`${root}/`)
      ? trimmed.slice(root.length + 1)
      : undefined
    : trimmed;
  const equal = [abs, rel].filter((item): item is string => Boolean(item));
  const like = [
    ...(rel ? [`%/${likeEscape(rel)}`, `${likeEscape(rel)}/%`, `%/${likeEscape(rel)}/%`] : []),
    ...(abs ? [`${likeEscape(abs)}/%`] : []),
  ];
  return { equal, like };
}

type Part = [sql: string, params: Record<string, string | number>];

const PROJECT_SQL = 'o.project = @project';

/** The project `where` keeps, when a project is all it filters by. */
export const projectOnly = (where: FilterSql): string | undefined =>
  where.sql === PROJECT_SQL ? String(where.params.project) : undefined;

const FILE_SQL = `EXISTS (SELECT 1 FROM (SELECT value FROM ${listOf('o.files_read')}
    UNION ALL SELECT value FROM ${listOf('o.files_modified')}) f
  WHERE f.value IN (SELECT value FROM json_each(@fileEqual))
    OR EXISTS (SELECT 1 FROM json_each(@fileLike) l WHERE f.value LIKE l.value ESCAPE '\\'))`;

const CONCEPT_SQL = `EXISTS (SELECT 1 FROM ${listOf('o.concepts')} c
  WHERE lower(c.value) IN (SELECT lower(value) FROM json_each(@concepts)))`;

function fileParts(files: readonly string[], root: string | undefined): Part {
  const patterns = files.map((file) => filePatterns(file, root));
  return [
    FILE_SQL,
    {
      fileEqual: JSON.stringify(patterns.flatMap((p) => p.equal)),
      fileLike: JSON.stringify(patterns.flatMap((p) => p.like)),
    },
  ];
}

function parts(f: SearchFilters, root: string | undefined): Array<Part | undefined> {
  const has = (list: readonly string[] | undefined): list is readonly string[] =>
    list !== undefined && list.length > 0;
  return [
    f.project === undefined ? undefined : [PROJECT_SQL, { project: f.project }],
    has(f.types)
      ? ['o.type IN (SELECT value FROM json_each(@types))', { types: JSON.stringify(f.types) }]
      : undefined,
    has(f.concepts) ? [CONCEPT_SQL, { concepts: JSON.stringify(f.concepts) }] : undefined,
    has(f.files) ? fileParts(f.files, root) : undefined,
    f.agent === undefined ? undefined : ['o.agent = @agent', { agent: f.agent }],
    f.since === undefined ? undefined : ['o.created_at >= @since', { since: f.since }],
    f.until === undefined ? undefined : ['o.created_at <= @until', { until: f.until }],
    f.sessionId === undefined
      ? undefined
      : [
          'o.session_id = (SELECT id FROM sessions WHERE session_id = @sessionId)',
          { sessionId: f.sessionId },
        ],
    ...teamFilterParts('o.', f),
  ];
}

/**
 * The WHERE fragment (joined with AND, `1` when empty) for `filters` over observations `o`.
 * List filters are passed as JSON so the SQL text, and so the cached statement, depends only on
 * which filters are present. `root` resolves relative file paths.
 */
export function filterSql(filters: SearchFilters, root?: string): FilterSql {
  const present = parts(filters, root).filter((part): part is Part => part !== undefined);
  return {
    sql: present.length > 0 ? present.map(([sql]) => sql).join(' AND ') : '1',
    params: Object.assign({}, ...present.map(([, params]) => params)) as FilterSql['params'],
  };
}
