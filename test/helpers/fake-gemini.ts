import type { ServerResponse } from 'node:http';
import {
  sendJson,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from './fake-llm-http.ts';

/** What the scripted model does next: call a Gemini CLI tool, or answer text. */
export type GeminiReply = { call: string; args: Record<string, unknown> } | { text: string };

/** The Gemini API request body, as far as the fake reads it. */
export interface GeminiBody {
  contents?: Array<{ role?: string; parts?: Array<Record<string, unknown>> }>;
  generationConfig?: {
    responseMimeType?: string;
    responseJsonSchema?: { properties?: Record<string, { type?: string; enum?: string[] }> };
  };
}

/** A fake Gemini API (`/v1beta/models/<m>:generateContent` and `:streamGenerateContent`). */
export interface FakeGemini extends RecordingServer {
  /** The requests of the main conversation (not Gemini CLI's JSON side calls: routing...). */
  turns(): RecordedRequest[];
}

/**
 * Gemini CLI asks side questions in JSON (which model to route to, who speaks next): answered
 * from the schema it sends, `next_speaker` always "user" so a turn ends when the script does.
 */
function jsonAnswer(body: GeminiBody): string {
  const properties = body.generationConfig?.responseJsonSchema?.properties ?? {};
  const value: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const type = (schema.type ?? '').toLowerCase();
    value[key] =
      key === 'next_speaker'
        ? 'user'
        : (schema.enum?.[0] ?? (type === 'number' || type === 'integer' ? 10 : 'simple'));
  }
  return JSON.stringify(value);
}

function candidate(parts: Array<Record<string, unknown>>) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
}

function answer(res: ServerResponse, url: string, parts: Array<Record<string, unknown>>): void {
  const body = candidate(parts);
  if (!url.includes('alt=sse')) return sendJson(res, 200, body);
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(`data: ${JSON.stringify(body)}\n\n`);
}

const isSideCall = (body: GeminiBody): boolean =>
  body.generationConfig?.responseMimeType === 'application/json';

/** Starts the fake; `script` decides each main-conversation reply from the request text. */
export async function startFakeGemini(
  script: (body: GeminiBody, text: string) => GeminiReply,
): Promise<FakeGemini> {
  const server = await startRecordingServer((req, res) => {
    const body = (req.json ?? {}) as GeminiBody;
    if (req.url.includes(':countTokens')) return sendJson(res, 200, { totalTokens: 10 });
    if (!/generatecontent/i.test(req.url))
      return sendJson(res, 404, { error: { message: 'not found' } });
    if (isSideCall(body)) return answer(res, req.url, [{ text: jsonAnswer(body) }]);
    const reply = script(body, JSON.stringify(body.contents ?? []));
    answer(
      res,
      req.url,
      'call' in reply
        ? [{ functionCall: { name: reply.call, args: reply.args } }]
        : [{ text: reply.text }],
    );
  });
  return {
    ...server,
    turns: () =>
      server.requests.filter(
        (r) => /generatecontent/i.test(r.url) && !isSideCall((r.json ?? {}) as GeminiBody),
      ),
  };
}

/** How many tool results (`functionResponse` parts) the conversation holds so far. */
export function functionResponses(body: GeminiBody): number {
  return (body.contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .filter((part) => 'functionResponse' in part).length;
}
