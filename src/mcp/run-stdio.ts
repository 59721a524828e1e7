import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../config/index.ts';
import { createMcpServer } from './server.ts';
import { guardStdin } from './stdin-guard.ts';
import type { ToolContext } from './tools.ts';

/** What the stdio server runs with; the streams default to the process's. */
export interface StdioOptions {
  context: ToolContext;
  version: string;
  log: Logger;
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves MCP over stdio until stdin ends (Claude Code closes it to stop the server). Only
 * JSON-RPC goes to stdout; problems go to the log. A line that is not a JSON-RPC message gets
 * its error answer from `guardStdin` (the SDK's transport would stay silent).
 */
export async function runMcpStdio(options: StdioOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const server = await createMcpServer(options.context, options.version);
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const guarded = guardStdin(stdin, (reply) => {
    options.log.log('warn', `mcp: answered a bad line with ${reply.error.code}`);
    stdout.write(`${JSON.stringify(reply)}\n`);
  });
  const transport = new StdioServerTransport(guarded, stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    stdin.once('end', () => void server.close());
    stdin.once('close', () => void server.close());
  });
  server.server.onerror = (error) => options.log.log('warn', `mcp: ${error.message}`);
  await server.connect(transport);
  options.log.log('info', `mcp server started for project ${options.context.project}`);
  await closed;
}
