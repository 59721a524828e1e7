/**
 * Where a value is taken, given the source tree at `root` (argv[2]): each closed list of
 * src/domain with a value it does not hold today (argv[3], JSON), asked of every place that
 * derives from the list (zod schemas of MCP and HTTP, settings, CLI choices and help, viewer
 * menus). Prints `{list: {place: accepted}}` as JSON. Run in a child process (`node --import
 * tsx`) so that a scratch copy of src/ with the lists edited is loaded fresh.
 */
import { join } from 'node:path';

const [root = '', valuesJson = '{}'] = process.argv.slice(2);
const values = JSON.parse(valuesJson) as Record<string, string>;
const load = (path: string) => import(join(root, 'src', path));

const mcp = await load('mcp/tool-schemas.ts');
const recall = await load('worker/recall/recall-input.ts');
const viewer = await load('worker/viewer/viewer-input.ts');
const { SETTINGS_SCHEMA } = await load('config/settings-schema.ts');
const { findCommand } = await load('cli/command-table.ts');
const { commandHelp } = await load('cli/help.ts');
const { checkTypes } = await load('cli/commands/recall-args.ts');
const options = await load('ui/src/feed/filter-options.ts');
const prompts = await load('compress/prompts.ts');

type Schema = { safeParse(input: unknown): { success: boolean } };
const takes = (schema: Schema, input: unknown): boolean => schema.safeParse(input).success;
const setting = (key: string, value: string): boolean => SETTINGS_SCHEMA[key].check(value).ok;
const inMenu = (menu: Array<{ value: string }>, value: string): boolean =>
  menu.some((option) => option.value === value);
const cliChoice = (command: string, option: string, value: string): boolean =>
  (findCommand(command).choices?.[option] ?? []).includes(value);
const inHelp = (command: string, value: string): boolean =>
  commandHelp(findCommand(command)).includes(value);
const cliTakes = (check: () => void): boolean => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

const agent = values.agent ?? '';
const mode = values.mode ?? '';
const source = values.source ?? '';
const scope = values.scope ?? '';
const type = values.type ?? '';
const provider = values.provider ?? '';
const share = values.share ?? '';

const report = {
  agent: {
    mcpSearch: takes(mcp.SearchInputSchema, { agent }),
    httpSearch: takes(recall.SearchQuerySchema, { agent }),
    httpContext: takes(recall.ContextQuerySchema, { agent }),
    httpFeed: takes(viewer.FeedQuerySchema, { agent }),
    cliSearch: cliChoice('search', 'agent', agent),
    cliContext: cliChoice('context', 'agent', agent),
    cliSearchHelp: inHelp('search', agent),
    cliInstallHelp: inHelp('install', agent),
    viewerMenu: inMenu(options.AGENT_OPTIONS, agent),
  },
  mode: {
    httpSearch: takes(recall.SearchQuerySchema, { mode }),
    setting: setting('search.mode', mode),
    cliSearch: cliChoice('search', 'mode', mode),
    cliSearchHelp: inHelp('search', mode),
    viewerMenu: inMenu(options.MODE_OPTIONS, mode),
  },
  source: {
    cliContext: cliChoice('context', 'source', source),
    cliContextHelp: inHelp('context', source),
  },
  scope: {
    mcpSearch: takes(mcp.SearchInputSchema, { scope }),
    mcpSave: takes(mcp.SaveMemoryInputSchema, { title: 't', text: 't', scope }),
    httpSearch: takes(recall.SearchQuerySchema, { scope }),
    httpSave: takes(recall.MemoryBodySchema, { title: 't', text: 't', scope }),
    cliSearch: cliChoice('search', 'scope', scope),
    cliSearchHelp: inHelp('search', scope),
    viewerMenu: inMenu(options.SCOPE_OPTIONS, scope),
  },
  type: {
    mcpSearch: takes(mcp.SearchInputSchema, { type: [type] }),
    mcpSave: takes(mcp.SaveMemoryInputSchema, { title: 't', text: 't', type }),
    httpSearch: takes(recall.SearchQuerySchema, { type }),
    httpSave: takes(recall.MemoryBodySchema, { title: 't', text: 't', type }),
    httpFeed: takes(viewer.FeedQuerySchema, { type }),
    cliSearch: cliTakes(() => checkTypes(type)),
    prompt: prompts.OBSERVATION_SYSTEM.includes(type),
    viewerMenu: inMenu(options.TYPE_OPTIONS, type),
  },
  provider: { setting: setting('compress.provider', provider) },
  share: { setting: setting('team.share', share) },
};
process.stdout.write(JSON.stringify(report));
