import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WorkerResponse } from '../client/index.ts';
import {
  formatObservations,
  formatSearch,
  formatTimeline,
  type ObservationDetail,
  type SearchItem,
  type TimelineEntry,
} from './format.ts';
import type {
  ConfirmMemoryArgs,
  ForgetArgs,
  GetObservationsArgs,
  SaveMemoryArgs,
  SearchArgs,
  TimelineArgs,
} from './tool-schemas.ts';
import type { WorkerCall } from './worker-client.ts';

/** What every tool knows besides its arguments. */
export interface ToolContext {
  call: WorkerCall;
  /** The project of the folder Claude Code started the server in. */
  project: string;
  /** That folder: anchors are checked against its work tree. */
  cwd?: string | undefined;
}

const text = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }] });

/** A failure as data (isError), with the worker's message: the model reads it and can retry. */
export const failure = (message: string): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
});

function apiError(res: WorkerResponse): CallToolResult {
  const message = (res.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return failure(typeof message === 'string' ? message : `worker answered HTTP ${res.status}`);
}

function query(params: Record<string, string | number | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

/** `search`: the compact index of matching observations. */
export async function searchTool(ctx: ToolContext, args: SearchArgs): Promise<CallToolResult> {
  const project = args.all_projects ? undefined : (args.project ?? ctx.project);
  const params = {
    q: args.query,
    project,
    type: args.type,
    concept: args.concept,
    file: args.file,
    since: args.since,
    until: args.until,
    session_id: args.session_id,
    author: args.author,
    scope: args.scope,
    agent: args.agent,
    fresh: args.fresh ? '1' : undefined,
    all_time: args.allTime ? '1' : undefined,
    cwd: ctx.cwd,
    limit: args.limit,
    offset: args.offset,
  };
  const search = new URLSearchParams(query(params));
  // Several phrasings of one need: `q` repeated, fused by the worker (issue 15).
  for (const phrasing of args.queries ?? []) search.append('q', phrasing);
  const res = await ctx.call('GET', `/api/search?${search.toString()}`);
  if (res.status !== 200) return apiError(res);
  const body = res.body as SearchBody;
  const scope = project ? `project ${project}` : 'all projects';
  const found = formatSearch(body.items, {
    ...body,
    offset: args.offset,
    scope,
    query: [args.query, ...(args.queries ?? [])]
      .filter((text) => text.trim() !== '')
      .join('" or "'),
  });
  const partial = body.partial
    ? `\npartial: true (ranked matches from ${body.searched_from ?? '?'} on; older ones were not looked at: ask again with allTime: true to rank every match)`
    : '';
  return text(`${body.note ? `Note: ${body.note}\n` : ''}${found}${partial}`);
}

/** What GET /api/search answers. */
interface SearchBody {
  items: SearchItem[];
  mode: string;
  hasMore: boolean;
  note?: string;
  partial?: boolean;
  searched_from?: string;
}

/** `timeline`: observations, prompts and summaries around an anchor. */
export async function timelineTool(ctx: ToolContext, args: TimelineArgs): Promise<CallToolResult> {
  if (args.anchor === undefined && args.query === undefined) {
    return failure('timeline needs an anchor (an id from search) or a query.');
  }
  const params = {
    anchor: args.anchor === undefined ? undefined : String(args.anchor),
    q: args.anchor === undefined ? args.query : undefined,
    before: args.before,
    after: args.after,
    project: args.project ?? (args.anchor === undefined ? ctx.project : undefined),
  };
  const res = await ctx.call('GET', `/api/timeline?${query(params)}`);
  if (res.status !== 200) return apiError(res);
  const body = res.body as { project: string; anchor: string; items: TimelineEntry[] };
  return text(formatTimeline(body.project, body.anchor, body.items));
}

/** `get_observations`: full records by id. */
export async function getObservationsTool(
  ctx: ToolContext,
  args: GetObservationsArgs,
): Promise<CallToolResult> {
  const res = await ctx.call('POST', '/api/observations/batch', { ids: args.ids, cwd: ctx.cwd });
  if (res.status !== 200) return apiError(res);
  const body = res.body as { items: ObservationDetail[]; missing: number[] };
  if (body.items.length === 0)
    return failure(`No observations with these ids: ${args.ids.join(', ')}.`);
  return text(formatObservations(body.items, body.missing));
}

/** `save_memory`: stores an explicit memory as an observation. */
export async function saveMemoryTool(
  ctx: ToolContext,
  args: SaveMemoryArgs,
): Promise<CallToolResult> {
  const res = await ctx.call('POST', '/api/memories', {
    ...args,
    project: args.project ?? ctx.project,
  });
  if (res.status !== 200 && res.status !== 201) return apiError(res);
  const body = res.body as { id: number; created: boolean; project: string };
  const verb = body.created ? 'Saved' : 'Already saved';
  const shared = args.scope === 'team' ? ', shared with the team' : '';
  return text(`${verb} as #${body.id} in project ${body.project}${shared}.`);
}

/** `forget`: deletes observations by id and says how many went. */
export async function forgetTool(ctx: ToolContext, args: ForgetArgs): Promise<CallToolResult> {
  const res = await ctx.call('POST', '/api/observations/forget', { ids: args.ids });
  if (res.status !== 200) return apiError(res);
  const { deleted } = res.body as { deleted: number };
  return text(
    `Forgot ${deleted} of ${args.ids.length} observation${args.ids.length === 1 ? '' : 's'}.`,
  );
}

/**
 * `confirm_memory`: the user's word that a memory is still true, through the route `claude-mem
 * verify --accept` and the viewer's "Still true" use: verified by the user (no longer a
 * hypothesis, issue 34) and re-anchored to its files as they are now in this folder's work tree.
 */
export async function confirmMemoryTool(
  ctx: ToolContext,
  args: ConfirmMemoryArgs,
): Promise<CallToolResult> {
  const res = await ctx.call('POST', '/api/anchors/accept', { id: args.id, cwd: ctx.cwd });
  // The worker says "no observation N"; the model is told which argument was wrong.
  if (res.status === 404)
    return failure(`id: no observation #${args.id} (ids come from search or timeline).`);
  if (res.status !== 200) return apiError(res);
  const { anchor } = res.body as { anchor: { state: string } | null };
  return text(
    `#${args.id} is now verified by the user: no longer shown as a hypothesis.\n` +
      `#${args.id} re-anchored to its files as they are now: ${anchor?.state ?? 'no files'}.`,
  );
}
