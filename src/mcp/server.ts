import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ConfirmMemoryInputSchema,
  ForgetInputSchema,
  GetObservationsInputSchema,
  SaveMemoryInputSchema,
  SearchInputSchema,
  TimelineInputSchema,
} from './tool-schemas.ts';
import {
  confirmMemoryTool,
  failure,
  forgetTool,
  getObservationsTool,
  saveMemoryTool,
  searchTool,
  timelineTool,
  type ToolContext,
} from './tools.ts';

/** The descriptions teach the 3-layer workflow: search, then timeline, then details. */
const DESCRIPTIONS = {
  search:
    'Step 1 of 3 to recall past work on this project (claude-mem memory of earlier sessions). ' +
    'Returns a compact index, one line per observation: id, date, type, title and how many ' +
    'tokens its details cost. Cheap: start here. Memories are found by their words, so pass ' +
    '2-4 phrasings of the same need (query plus queries: other words for it, the identifier ' +
    'or file name, the error text a user would paste); they are fused by reciprocal rank, so ' +
    'a memory worded differently still comes up. Filters: project (default this one, or ' +
    'all_projects), type, concept, file, since/until, session_id, agent, author, scope; limit/offset page; fresh: ' +
    'true leaves out memories whose code changed or is gone since. Then call ' +
    'timeline with an id to see what happened around it, and get_observations only for the few ' +
    'ids you need.',
  timeline:
    'Step 2 of 3: what happened around one observation (an id from search, or S<id>/P<id>): ' +
    'the observations, user prompts (P) and turn summaries (S) just before and after it, in time ' +
    'order. Or give a query to center on its best match. Then get_observations for details.',
  get_observations:
    'Step 3 of 3: the full records (narrative, facts, concepts, files) of observations by id, ' +
    'each saying whether the code it describes is still as it was (fresh, changed, gone). ' +
    'Costs the tokens search showed; fetch only the ids you need after search or timeline.',
  save_memory:
    'Save something worth remembering in later sessions (a decision, a fact about this ' +
    'codebase, a preference) as an observation with a title and text. It appears in the ' +
    'session-start index and in search. Default project: this one.',
  forget:
    'Delete observations by id for good (wrong, outdated or private). Answers how many were ' +
    'deleted.',
  confirm_memory:
    'Mark a memory as verified by the user: call it only when the user confirms that a memory ' +
    '(an id from search, timeline or the session-start index) is still true. It is then no ' +
    'longer shown as a hypothesis (?), and it is re-anchored to its files as they are now, so ' +
    'it no longer shows as changed. Answers what it now says.',
} as const;

type Handler<A> = (ctx: ToolContext, args: A) => Promise<CallToolResult>;

/** Runs a tool; any failure (worker down, bad answer) comes back as data, never as a throw. */
function guarded<A>(ctx: ToolContext, handler: Handler<A>) {
  return async function runTool(args: A): Promise<CallToolResult> {
    try {
      return await handler(ctx, args);
    } catch (error) {
      return failure(error instanceof Error ? error.message : String(error));
    }
  };
}

/**
 * The claude-mem MCP server: six tools, each a thin call to the worker's HTTP API. Invalid
 * arguments are answered by the SDK with an isError result naming the field. The SDK is
 * imported here, on use: importing it costs ~200 ms, which every other command of the CLI
 * bundle (and the worker) would otherwise pay at start.
 */
export async function createMcpServer(ctx: ToolContext, version: string): Promise<McpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer({ name: 'claude-mem', version });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  server.registerTool(
    'search',
    { description: DESCRIPTIONS.search, inputSchema: SearchInputSchema, annotations: readOnly },
    guarded(ctx, searchTool),
  );
  server.registerTool(
    'timeline',
    { description: DESCRIPTIONS.timeline, inputSchema: TimelineInputSchema, annotations: readOnly },
    guarded(ctx, timelineTool),
  );
  server.registerTool(
    'get_observations',
    {
      description: DESCRIPTIONS.get_observations,
      inputSchema: GetObservationsInputSchema,
      annotations: readOnly,
    },
    guarded(ctx, getObservationsTool),
  );
  server.registerTool(
    'save_memory',
    { description: DESCRIPTIONS.save_memory, inputSchema: SaveMemoryInputSchema },
    guarded(ctx, saveMemoryTool),
  );
  server.registerTool(
    'forget',
    {
      description: DESCRIPTIONS.forget,
      inputSchema: ForgetInputSchema,
      annotations: { destructiveHint: true },
    },
    guarded(ctx, forgetTool),
  );
  server.registerTool(
    'confirm_memory',
    {
      description: DESCRIPTIONS.confirm_memory,
      inputSchema: ConfirmMemoryInputSchema,
      annotations: { idempotentHint: true, openWorldHint: false },
    },
    guarded(ctx, confirmMemoryTool),
  );
  return server;
}
