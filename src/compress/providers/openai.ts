import { CompressError, unavailable } from '../compress-error.ts';
import {
  requestTokens,
  type LlmReply,
  type LlmRequest,
  type LlmTransport,
} from '../llm-request.ts';
import { tokenCeiling } from '../../domain/index.ts';
import { retryAfterOf, statusError } from './http-status.ts';

/** An OpenAI-compatible chat completions endpoint (Ollama, LM Studio, OpenRouter, vLLM, Gemini). */
export interface OpenAiOptions {
  /** E.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set; local servers need none. */
  apiKey?: string | undefined;
  fetch?: typeof fetch;
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  error?: { message?: string };
}

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return (
      (JSON.parse(text) as ChatCompletion).error?.message ??
      (text.slice(0, 200) || response.statusText)
    );
  } catch {
    return text.slice(0, 200) || response.statusText;
  }
}

/**
 * The `openai` transport: POST `<baseUrl>/chat/completions`, not streamed. Usage comes from the
 * answer; servers that report none are counted with the same estimate the limits use.
 */
export function createOpenAiTransport(options: OpenAiOptions): LlmTransport {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const label = `openai (${options.model} at ${options.baseUrl})`;
  return {
    provider: 'openai',
    model: options.model,
    async complete(request: LlmRequest, signal: AbortSignal): Promise<LlmReply> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const body = JSON.stringify({
        model: options.model,
        max_tokens: request.maxOutputTokens,
        temperature: 0.2,
        messages: [{ role: 'system', content: request.system }, ...request.messages],
      });
      let response: Response;
      try {
        response = await doFetch(url, { method: 'POST', headers, body, signal });
      } catch (error) {
        throw unavailable(`${label} unreachable`, { cause: error, detail: String(error) });
      }
      if (!response.ok) {
        throw statusError(
          label,
          response.status,
          await errorDetail(response),
          retryAfterOf(response.headers),
        );
      }
      return readCompletion(response, request, label);
    },
  };
}

async function readCompletion(
  response: Response,
  request: LlmRequest,
  label: string,
): Promise<LlmReply> {
  let completion: ChatCompletion;
  try {
    completion = (await response.json()) as ChatCompletion;
  } catch (error) {
    throw unavailable(`${label} sent a body that is not JSON`, { cause: error });
  }
  const choice = completion.choices?.[0];
  if (!choice) throw new CompressError('PROVIDER_BAD_OUTPUT', `${label} answered without choices`);
  const text = choice.message?.content ?? '';
  return {
    text,
    tokensIn: completion.usage?.prompt_tokens ?? requestTokens(request),
    tokensOut: completion.usage?.completion_tokens ?? tokenCeiling(text),
    truncated: choice.finish_reason === 'length',
  };
}
