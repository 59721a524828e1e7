import type { ServerResponse } from 'node:http';
import {
  sendJson,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from './fake-llm-http.ts';

/** What the scripted model does next: call a tool (Codex's `exec_command`) or answer text. */
export type ResponsesReply = { call: string; args: Record<string, unknown> } | { text: string };

/** The OpenAI Responses API request body, as far as the fake reads it. */
export interface ResponsesBody {
  model?: string;
  input?: unknown;
  tools?: Array<{ name?: string }>;
}

/** A fake OpenAI Responses API (`POST /v1/responses`, SSE) on 127.0.0.1: Codex CLI's wire. */
export interface FakeResponses extends RecordingServer {
  /** The `/responses` requests, in order. */
  turns(): RecordedRequest[];
}

let counter = 0;

function stream(res: ServerResponse, reply: ResponsesReply): void {
  counter += 1;
  const id = `resp_${counter}`;
  const item =
    'call' in reply
      ? {
          type: 'function_call',
          id: `fc_${counter}`,
          call_id: `call_${counter}`,
          name: reply.call,
          arguments: JSON.stringify(reply.args),
        }
      : {
          type: 'message',
          id: `msg_${counter}`,
          role: 'assistant',
          content: [{ type: 'output_text', text: reply.text }],
        };
  const added = item.type === 'message' ? { ...item, content: [] } : { ...item, arguments: '' };
  const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
  const delta: Array<[string, Record<string, unknown>]> =
    'text' in reply
      ? [
          [
            'response.output_text.delta',
            { output_index: 0, content_index: 0, item_id: item.id, delta: reply.text },
          ],
        ]
      : [];
  // Codex reads the done items; Copilot CLI also wants the added item and the final output.
  const events: Array<[string, Record<string, unknown>]> = [
    ['response.created', { response: { id } }],
    ['response.output_item.added', { output_index: 0, item: added }],
    ...delta,
    ['response.output_item.done', { output_index: 0, item }],
    ['response.completed', { response: { id, status: 'completed', output: [item], usage } }],
  ];
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const [type, data] of events)
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.end();
}

/** Starts the fake; `script` decides each reply from the request body's text. */
export async function startFakeResponses(
  script: (body: ResponsesBody, text: string) => ResponsesReply,
): Promise<FakeResponses> {
  const server = await startRecordingServer((req, res) => {
    if (!req.url.includes('/responses')) return sendJson(res, 404, { error: 'not found' });
    const body = (req.json ?? {}) as ResponsesBody;
    stream(res, script(body, JSON.stringify(body.input ?? '')));
  });
  return { ...server, turns: () => server.requests.filter((r) => r.url.includes('/responses')) };
}

/** The outputs of the tool calls the request carries (what the model was shown). */
export function toolOutputs(body: ResponsesBody): string[] {
  const items = Array.isArray(body.input) ? (body.input as Array<Record<string, unknown>>) : [];
  return items
    .filter((item) => item.type === 'function_call_output')
    .map((item) => (typeof item.output === 'string' ? item.output : JSON.stringify(item.output)));
}
