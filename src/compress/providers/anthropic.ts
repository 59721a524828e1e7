import type Anthropic from '@anthropic-ai/sdk';
import { CompressError, unavailable } from '../compress-error.ts';
import type { LlmReply, LlmRequest, LlmTransport } from '../llm-request.ts';
import { retryAfterOf, statusError } from './http-status.ts';

/** How to reach the Messages API. */
export interface AnthropicOptions {
  apiKey: string;
  model: string;
  /** Empty or undefined: the SDK's default (or ANTHROPIC_BASE_URL). */
  baseURL?: string | undefined;
  fetch?: typeof fetch;
}

type Sdk = typeof import('@anthropic-ai/sdk');

/** Maps an SDK error to a CompressError: network and 429/5xx transient, other 4xx permanent. */
function classify(error: unknown, label: string, sdk: Sdk): CompressError {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof CompressError) return error;
  if (error instanceof APIUserAbortError)
    return unavailable(`${label} request aborted`, { cause: error });
  if (error instanceof APIConnectionError)
    return unavailable(`${label} unreachable`, { cause: error, detail: error.message });
  if (error instanceof APIError && typeof error.status === 'number') {
    const detail = error.apiMessage ?? error.type ?? 'error';
    return statusError(label, error.status, detail, retryAfterOf(error.headers));
  }
  return unavailable(`${label} failed`, { cause: error, detail: String(error) });
}

/**
 * The `anthropic` transport: the Messages API through @anthropic-ai/sdk with an API key. The
 * fixed instructions go in a system block marked `cache_control` (prompt caching; the API caches
 * it once it is longer than the model's minimum). The SDK's own retries are off: the compressor
 * retries with its own backoff so every provider behaves alike.
 */
export function createAnthropicTransport(options: AnthropicOptions): LlmTransport {
  // Loaded on first use: the CLI bundle imports this module, and most commands never call it.
  let loaded: Promise<{ sdk: Sdk; client: Anthropic }> | undefined;
  const load = () =>
    (loaded ??= import('@anthropic-ai/sdk').then((sdk) => ({
      sdk,
      client: new sdk.default({
        apiKey: options.apiKey,
        baseURL: options.baseURL || undefined,
        fetch: options.fetch,
        maxRetries: 0,
      }),
    })));
  const label = `anthropic (${options.model})`;
  return {
    provider: 'anthropic',
    model: options.model,
    async complete(request: LlmRequest, signal: AbortSignal): Promise<LlmReply> {
      const { sdk, client } = await load();
      try {
        const message = await client.messages.create(
          {
            model: options.model,
            max_tokens: request.maxOutputTokens,
            system: [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }],
            messages: request.messages,
          },
          { signal },
        );
        const usage = message.usage;
        return {
          text: message.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
          tokensIn:
            usage.input_tokens +
            (usage.cache_creation_input_tokens ?? 0) +
            (usage.cache_read_input_tokens ?? 0),
          tokensOut: usage.output_tokens,
          truncated: message.stop_reason === 'max_tokens',
        };
      } catch (error) {
        throw classify(error, label, sdk);
      }
    },
  };
}
