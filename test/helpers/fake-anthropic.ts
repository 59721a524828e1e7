import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  countTokens,
  sendJson,
  startRecordingServer,
  type RecordedRequest,
} from './fake-llm-http.ts';
import { answeredWithoutBody, pause, replyBuilders, replyScript } from './fake-llm-script.ts';

/** A content block of a scripted reply: text, or a tool call (for tests of the real `claude`). */
export type FakeBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown> };

/** How the fake answers one POST /v1/messages. */
export type FakeReply =
  | {
      kind: 'message';
      content: string | FakeBlock[];
      stopReason?: 'end_turn' | 'max_tokens' | 'tool_use' | 'stop_sequence';
      delayMs?: number;
      /** Overrides the counted usage. */
      usage?: { input_tokens?: number; output_tokens?: number };
    }
  | {
      kind: 'error';
      status: number;
      errorType?: string;
      message?: string;
      retryAfterSeconds?: number;
    }
  /** Accepts the request and never answers (a timeout); cut when the server closes. */
  | { kind: 'hang' }
  /** Destroys the connection without an answer (a network error). */
  | { kind: 'reset' };

/** Builders for scripted replies. */
export const reply = {
  ...replyBuilders<FakeReply>(),
  blocks: (content: FakeBlock[]): FakeReply => ({ kind: 'message', content }),
  toolUse: (name: string, input: Record<string, unknown>): FakeReply => ({
    kind: 'message',
    content: [{ type: 'tool_use', name, input }],
  }),
  slow: (delayMs: number, text: string): FakeReply => ({ kind: 'message', content: text, delayMs }),
};

/** The parts of a Messages API request body the fake reads. */
export interface MessagesBody {
  model?: string;
  system?: string | Array<{ type: string; text?: string; cache_control?: unknown }>;
  messages?: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  max_tokens?: number;
}

/** A running fake Anthropic Messages API. */
export interface FakeAnthropic {
  url: string;
  /** Every request received (any method and path), in order. */
  requests: RecordedRequest[];
  /** The POST /v1/messages requests only. */
  messageRequests(): RecordedRequest[];
  /** Queues replies, used in order before the responder. */
  enqueue(...replies: FakeReply[]): void;
  /** Sets how requests are answered once the queue is empty. */
  respondWith(responder: (body: MessagesBody, req: RecordedRequest) => FakeReply): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Every text a request sends to the model: system blocks, then message contents in order. */
export function requestText(body: MessagesBody): string {
  const system =
    typeof body.system === 'string'
      ? body.system
      : (body.system ?? []).map((block) => block.text ?? '').join('\n');
  const messages = (body.messages ?? []).map((message) => contentText(message.content));
  return [system, ...messages].join('\n');
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: Record<string, unknown>) => {
      if (typeof block.text === 'string') return block.text;
      if (block.type === 'tool_use') return JSON.stringify(block.input ?? {});
      if (block.type === 'tool_result') return contentText(block.content);
      return '';
    })
    .join('\n');
}

/** The system prefix up to the last block marked for caching, or undefined. */
function cachedPrefix(body: MessagesBody): string | undefined {
  if (!Array.isArray(body.system)) return undefined;
  const last = body.system.map((block) => Boolean(block.cache_control)).lastIndexOf(true);
  if (last < 0) return undefined;
  return body.system
    .slice(0, last + 1)
    .map((block) => block.text ?? '')
    .join('\n');
}

function blocksOf(content: string | FakeBlock[]): FakeBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

function usageFor(
  body: MessagesBody,
  blocks: FakeBlock[],
  seenPrefixes: Set<string>,
  override: { input_tokens?: number; output_tokens?: number } = {},
): Usage {
  const total = countTokens(requestText(body));
  const prefix = cachedPrefix(body);
  const cached = prefix === undefined ? 0 : countTokens(prefix);
  const hit = prefix !== undefined && seenPrefixes.has(prefix);
  if (prefix !== undefined) seenPrefixes.add(prefix);
  const out = blocks
    .map((block) => (block.type === 'text' ? block.text : JSON.stringify(block.input)))
    .join('');
  return {
    input_tokens: override.input_tokens ?? total - cached,
    output_tokens: override.output_tokens ?? countTokens(out),
    cache_creation_input_tokens: hit ? 0 : cached,
    cache_read_input_tokens: hit ? cached : 0,
  };
}

function finalBlocks(blocks: FakeBlock[]): Array<Record<string, unknown>> {
  return blocks.map((block) =>
    block.type === 'text' ? block : { ...block, id: block.id ?? id('toolu') },
  );
}

function stopReasonOf(blocks: FakeBlock[], given: string | undefined): string {
  return given ?? (blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

function sendMessage(res: ServerResponse, message: Record<string, unknown>): void {
  sendJson(res, 200, message, { 'request-id': id('req') });
}

/** Splits `text` into pieces of at most `size` characters, as a stream would deliver them. */
function chunks(text: string, size = 40): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces.length > 0 ? pieces : [''];
}

function sse(res: ServerResponse, event: string, data: Record<string, unknown>): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
}

/** Writes the SSE event sequence of the real API: message_start ... message_stop. */
function streamMessage(res: ServerResponse, message: Record<string, unknown>, usage: Usage): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': id('req') });
  const content = message.content as Array<Record<string, unknown>>;
  sse(res, 'message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
  });
  sse(res, 'ping', {});
  content.forEach((block, index) => {
    if (block.type === 'text') {
      sse(res, 'content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of chunks(String(block.text))) {
        sse(res, 'content_block_delta', { index, delta: { type: 'text_delta', text } });
      }
    } else {
      sse(res, 'content_block_start', { index, content_block: { ...block, input: {} } });
      for (const partial_json of chunks(JSON.stringify(block.input))) {
        sse(res, 'content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json },
        });
      }
    }
    sse(res, 'content_block_stop', { index });
  });
  sse(res, 'message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  sse(res, 'message_stop', {});
  res.end();
}

async function answer(
  res: ServerResponse,
  body: MessagesBody,
  next: FakeReply,
  seenPrefixes: Set<string>,
): Promise<void> {
  if (answeredWithoutBody(res, next)) return;
  if (next.kind === 'error') {
    const type = next.errorType ?? ERROR_TYPES[next.status] ?? 'api_error';
    const headers: Record<string, string> = { 'request-id': id('req') };
    if (next.retryAfterSeconds !== undefined)
      headers['retry-after'] = String(next.retryAfterSeconds);
    sendJson(
      res,
      next.status,
      { type: 'error', error: { type, message: next.message ?? type } },
      headers,
    );
    return;
  }
  if (next.delayMs) await pause(next.delayMs, res);
  if (res.destroyed) return;
  const blocks = blocksOf(next.content);
  const usage = usageFor(body, blocks, seenPrefixes, next.usage);
  const message = {
    id: id('msg'),
    type: 'message',
    role: 'assistant',
    model: body.model ?? 'claude-fake',
    content: finalBlocks(blocks),
    stop_reason: stopReasonOf(blocks, next.stopReason),
    stop_sequence: null,
    usage,
  };
  if (body.stream) streamMessage(res, message, usage);
  else sendMessage(res, message);
}

/**
 * Starts a fake Anthropic Messages API on 127.0.0.1 and a free port: `POST /v1/messages` (with or
 * without `?beta=true`), streaming (SSE, the real event sequence) and not, usage counted on the
 * request (one token per 4 characters; a system prefix marked `cache_control` is reported as a
 * cache write the first time and a cache read after), `POST /v1/messages/count_tokens`, and
 * `HEAD /` answered 200, which the `claude` CLI probes. Replies come from the queue, then from
 * the responder (default: the text "ok").
 */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const script = replyScript((_body: MessagesBody, _req: RecordedRequest) => reply.text('ok'));
  const seenPrefixes = new Set<string>();
  const server = await startRecordingServer(async (req, res) => {
    const path = req.url.split('?')[0];
    const body = (req.json ?? {}) as MessagesBody;
    if (req.method === 'HEAD' || (req.method === 'GET' && path === '/')) {
      res.writeHead(200).end();
    } else if (req.method === 'POST' && path === '/v1/messages') {
      await answer(res, body, script.next(body, req), seenPrefixes);
    } else if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
      sendJson(res, 200, { input_tokens: countTokens(requestText(body)) });
    } else {
      sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: path } });
    }
  });
  return {
    url: server.url,
    requests: server.requests,
    messageRequests: () =>
      server.requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === '/v1/messages'),
    enqueue: script.enqueue,
    respondWith: script.respondWith,
    close: () => server.close(),
  };
}
