import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../config/index.ts';
import { createMcpServer } from './server.ts';
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
 * JSON-RPC goes to stdout; problems go to the log.
 */
export async function runMcpStdio(options: StdioOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const server = await createMcpServer(options.context, options.version);
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
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
