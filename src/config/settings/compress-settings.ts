import { PROVIDER_CHOICES } from '../../domain/index.ts';
import { integer, oneOf, text, type SettingSpec } from '../setting-kinds.ts';

const URL_OR_EMPTY = { pattern: /^(?:$|https?:\/\/\S+$)/, expected: 'an http(s) URL, or empty' };

const dailyTokens = (provider: string) =>
  integer({
    default: 1_000_000,
    min: 0,
    max: 10_000_000_000,
    description: `Daily token budget (input + output) of the ${provider} provider; when spent, the heuristic takes over until tomorrow (local time).`,
  });

/** Settings of compression (providers, batching, budget): `compress.*`. */
export const COMPRESS_SETTINGS = {
  'compress.provider': oneOf({
    default: 'auto',
    values: PROVIDER_CHOICES,
    description:
      'Who turns events into observations. auto: claude-code when your claude is installed and logged in, else heuristic (no LLM).',
  }),
  'compress.concurrency': integer({
    default: 1,
    min: 1,
    max: 8,
    description: 'LLM requests (claude processes for claude-code) in flight at once.',
  }),
  'compress.claudeCode.path': text({
    default: '',
    description:
      "The claude executable for claude-code; empty: the first claude on PATH, else the Agent SDK's bundled one.",
  }),
  'compress.claudeCode.model': text({
    default: 'haiku',
    description: 'Model of the claude-code provider.',
  }),
  'compress.claudeCode.dailyTokens': dailyTokens('claude-code'),
  'compress.anthropic.model': text({
    default: 'claude-haiku-4-5',
    description: 'Model of the anthropic provider (the key comes from ANTHROPIC_API_KEY).',
  }),
  'compress.anthropic.baseUrl': text({
    default: '',
    ...URL_OR_EMPTY,
    description:
      'Messages API base URL of the anthropic provider; empty: ANTHROPIC_BASE_URL or the default.',
  }),
  'compress.anthropic.dailyTokens': dailyTokens('anthropic'),
  'compress.openai.baseUrl': text({
    default: 'http://127.0.0.1:11434/v1',
    ...URL_OR_EMPTY,
    description:
      'OpenAI-compatible endpoint of the openai provider (Ollama, LM Studio, OpenRouter, vLLM); key from OPENAI_API_KEY if set.',
  }),
  'compress.openai.model': text({
    default: '',
    description: 'Model of the openai provider (required to use it).',
  }),
  'compress.openai.dailyTokens': dailyTokens('openai'),
  'compress.maxInputTokens': integer({
    default: 12_000,
    min: 3_000,
    max: 200_000,
    description: "Hard cap of one request's input, estimated conservatively (UTF-8 bytes / 3).",
  }),
  'compress.maxOutputTokens': integer({
    default: 2_048,
    min: 256,
    max: 32_000,
    description: 'Output limit of one request.',
  }),
  'compress.batchEvents': integer({
    default: 40,
    min: 1,
    max: 500,
    description: 'At most this many events per request; a longer turn is sent in slices.',
  }),
  'compress.eventFieldChars': integer({
    default: 1_000,
    min: 200,
    max: 100_000,
    description:
      "Each field of an event sent to a provider is elided to this many characters (head + tail + marker); a successful call's result to 60% of it.",
  }),
  'compress.flushAfterMs': integer({
    default: 300_000,
    min: 1_000,
    max: 86_400_000,
    description:
      'A turn still running is compressed anyway once its oldest pending event is this old.',
  }),
  'compress.timeoutMs': integer({
    default: 60_000,
    min: 1_000,
    max: 600_000,
    description:
      'Time limit of one provider request; a claude process still running then is killed.',
  }),
  'compress.retries': integer({
    default: 2,
    min: 0,
    max: 10,
    description:
      'Retries of a request after 429, 5xx, a timeout or a network error (exponential backoff with jitter).',
  }),
  'compress.retryBaseMs': integer({
    default: 1_000,
    min: 10,
    max: 60_000,
    description: 'Wait before the first retry of a request; doubles each retry.',
  }),
  'compress.maxAttempts': integer({
    default: 4,
    min: 1,
    max: 20,
    description:
      'Attempts on a failing provider before the heuristic compresses the events instead.',
  }),
  'compress.failedRetryMs': integer({
    default: 60_000,
    min: 100,
    max: 86_400_000,
    description:
      'Wait before failed events are tried again; doubles each attempt (claude-mem retry: now).',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
