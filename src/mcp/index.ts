export { runMcpStdio } from './run-stdio.ts';
export type { StdioOptions } from './run-stdio.ts';
export { createMcpServer } from './server.ts';
export { createWorkerClient, WorkerUnreachableError } from './worker-client.ts';
export type { WorkerCall, WorkerClientOptions } from './worker-client.ts';
export type { ToolContext } from './tools.ts';
