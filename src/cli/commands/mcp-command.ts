import {
  VERSION,
  createLogger,
  dataDirFrom,
  ensureDataDir,
  loadSettings,
  resolveProject,
} from '../../config/index.ts';
import { createWorkerClient, runMcpStdio } from '../../mcp/index.ts';
import { contextEntry } from '../command-entry.ts';

/** What `claude-mem mcp` needs from the CLI. */
export interface McpCommandDeps {
  /** The CLI bundle a started worker runs. */
  cliEntry: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * `claude-mem mcp`: the MCP server on stdio (Claude Code starts it), a thin client of the
 * worker, which it starts when needed. Its project is the one of `CLAUDE_PROJECT_DIR` when
 * Claude Code sets it, else of the folder it runs in.
 * Nothing but JSON-RPC is written to stdout.
 */
export async function mcpCommand(_args: string[], deps: McpCommandDeps): Promise<number> {
  const env = deps.env ?? process.env;
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const { settings } = loadSettings(dataDir, env);
  const call = createWorkerClient({
    dataDir,
    port: settings['worker.port'],
    cliEntry: deps.cliEntry,
    autoStart: settings['worker.autoStart'],
    waitMs: 10_000,
    env,
  });
  await runMcpStdio({
    context: {
      call,
      project: resolveProject(env.CLAUDE_PROJECT_DIR || process.cwd(), env).name,
      cwd: env.CLAUDE_PROJECT_DIR || process.cwd(),
    },
    version: VERSION,
    log: createLogger(dataDir, 'mcp', settings['log.level']),
  });
  return 0;
}

/** `claude-mem mcp`: its help, options and handler (the command table's entry). */
export const MCP_COMMAND = contextEntry(
  'mcp',
  'Run the MCP server on stdio (Claude Code starts it)',
  (args, { cliEntry }) => mcpCommand(args, { cliEntry }),
);
