import type { ServerResponse } from 'node:http';
import {
  countTokens,
  sendJson,
  startRecordingServer,
  type RecordedRequest,
} from './fake-llm-http.ts';
import { answeredWithoutBody, pause, replyBuilders, replyScript } from './fake-llm-script.ts';

/** How the fake answers one POST /v1/chat/completions. */
export type FakeChatReply =
  | {
      kind: 'message';
      content: string;
      finishReason?: 'stop' | 'length';
      delayMs?: number;
      noUsage?: boolean;
    }
  | { kind: 'error'; status: number; message?: string; retryAfterSeconds?: number }
  | { kind: 'hang' }
  | { kind: 'reset' };

/** Builders for scripted chat replies. */
export const chatReply = replyBuilders<FakeChatReply>();

/** The parts of a chat completions body the fake reads. */
export interface ChatBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/** A running fake OpenAI-compatible chat completions server. */
export interface FakeOpenAi {
  /** Base URL including `/v1`, as users configure it. */
  url: string;
  requests: RecordedRequest[];
  chatRequests(): RecordedRequest[];
  enqueue(...replies: FakeChatReply[]): void;
  respondWith(responder: (body: ChatBody) => FakeChatReply): void;
  close(): Promise<void>;
}

/** Every text a chat request sends, messages in order. */
export function chatText(body: ChatBody): string {
  return (body.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')))
    .join('\n');
}

function streamChat(
  res: ServerResponse,
  base: Record<string, unknown>,
  content: string,
  finish: string,
  usage: unknown,
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: unknown, finish_reason: string | null, extra = {}) =>
    res.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason }], ...extra })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' }, null);
  for (let at = 0; at < content.length; at += 40)
    chunk({ content: content.slice(at, at + 40) }, null);
  chunk({}, finish);
  if (usage)
    res.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
    );
  res.end('data: [DONE]\n\n');
}

async function answer(res: ServerResponse, body: ChatBody, next: FakeChatReply): Promise<void> {
  if (answeredWithoutBody(res, next)) return;
  if (next.kind === 'error') {
    const headers: Record<string, string> =
      next.retryAfterSeconds === undefined ? {} : { 'retry-after': String(next.retryAfterSeconds) };
    sendJson(
      res,
      next.status,
      { error: { message: next.message ?? `error ${next.status}`, type: 'server_error' } },
      headers,
    );
    return;
  }
  if (next.delayMs) await pause(next.delayMs, res);
  if (res.destroyed) return;
  const prompt_tokens = countTokens(chatText(body));
  const completion_tokens = countTokens(next.content);
  const usage = next.noUsage
    ? undefined
    : { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
  const base = {
    id: `chatcmpl-${Date.now()}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake',
  };
  const finish = next.finishReason ?? 'stop';
  if (body.stream) {
    streamChat(
      res,
      base,
      next.content,
      finish,
      body.stream_options?.include_usage ? usage : undefined,
    );
    return;
  }
  sendJson(res, 200, {
    ...base,
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', content: next.content }, finish_reason: finish },
    ],
    ...(usage ? { usage } : {}),
  });
}

/**
 * Starts a fake OpenAI chat completions API on 127.0.0.1 and a free port: `POST
 * /v1/chat/completions`, streamed (SSE chunks, `[DONE]`) or not, usage counted on the request
 * (one token per 4 characters) unless a reply says to leave it out, errors, hangs and resets.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const script = replyScript((_body: ChatBody) => chatReply.text('ok'));
  const server = await startRecordingServer(async (req, res) => {
    const path = req.url.split('?')[0];
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const body = (req.json ?? {}) as ChatBody;
      await answer(res, body, script.next(body));
    } else if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: 'fake', object: 'model' }] });
    } else {
      sendJson(res, 404, { error: { message: `no route ${path}` } });
    }
  });
  return {
    url: `${server.url}/v1`,
    requests: server.requests,
    chatRequests: () =>
      server.requests.filter((r) => r.url.split('?')[0] === '/v1/chat/completions'),
    enqueue: script.enqueue,
    respondWith: script.respondWith,
    close: () => server.close(),
  };
}
