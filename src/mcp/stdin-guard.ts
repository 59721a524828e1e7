import { Transform, type Readable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own read-buffer cap (shared/stdio.ts): a longer line is not a message. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A JSON-RPC error answer written straight to stdout. */
export interface ErrorReply {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

// JSON-RPC 2.0 section 5.1: -32700 when the line is not JSON, -32600 when it is JSON but not a
// request, notification or response; the id is null when it could not be read.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function reply(id: unknown, code: number, message: string): ErrorReply {
  const usable = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  return { jsonrpc: '2.0', id: usable ? id : null, error: { code, message } };
}

/** The error answer a stdin line deserves, or undefined when it is a message the SDK accepts. */
export function checkLine(line: string): ErrorReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return reply(null, PARSE_ERROR, 'Parse error: the line is not JSON');
  }
  if (Array.isArray(value)) {
    // MCP 2025-06-18 removed JSON-RPC batches; the SDK would drop the array without a word.
    return reply(null, INVALID_REQUEST, 'Invalid Request: batches are not supported');
  }
  if (JSONRPCMessageSchema.safeParse(value).success) return undefined;
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : null;
  return reply(id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
}

/**
 * Stands between stdin and the SDK's stdio transport, which drops a line it cannot parse or
 * validate without answering (SDK 1.x `StdioServerTransport.processReadBuffer`): such a line is
 * answered here with a JSON-RPC error and not passed on; every good line passes unchanged.
 *
 * @example new StdioServerTransport(guardStdin(process.stdin, writeLine), process.stdout)
 */
export function guardStdin(stdin: Readable, answer: (reply: ErrorReply) => void): Readable {
  let pending = '';
  let skipping = false;
  const guard = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '');
        if (skipping) skipping = false;
        else if (line.trim() !== '') pass(line);
      }
      if (Buffer.byteLength(pending) > MAX_LINE_BYTES) {
        if (!skipping) answer(reply(null, PARSE_ERROR, 'Parse error: the line is too long'));
        [pending, skipping] = ['', true];
      }
      done();
    },
  });
  function pass(line: string): void {
    const error = checkLine(line);
    if (error) answer(error);
    else guard.push(`${line}\n`);
  }
  stdin.on('error', (error) => guard.destroy(error));
  return stdin.pipe(guard);
}
