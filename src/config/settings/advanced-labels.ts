import type { SettingLabel } from '../setting-groups.ts';

const advanced = (label: string, help: string): SettingLabel => ({
  group: 'advanced',
  label,
  help,
});

/** The words of the Advanced group: the worker, the log, and the tuning of compression and recall. */
export const ADVANCED_LABELS = {
  'worker.autoStart': {
    group: 'advanced',
    label: 'Start the worker when needed',
    help: 'Whether hooks, MCP and the CLI start the worker themselves.',
    effects: {
      true: 'A hook, MCP or the CLI starts the worker when it is not running.',
      false: 'You start the worker yourself (claude-mem worker start).',
    },
  },
  'worker.port': advanced(
    'Worker port',
    'The loopback port the worker listens on and hooks and the viewer call.',
  ),
  'worker.startWaitMs': advanced(
    'Wait for the worker to start (ms)',
    'How long session start waits for a starting worker before going on without memory.',
  ),
  'log.level': {
    group: 'advanced',
    label: 'Log detail',
    help: 'The least severe kind of line written to the log file.',
    effects: {
      debug: 'Everything, for tracing a problem.',
      info: 'Normal activity and problems.',
      warn: 'Only problems.',
      error: 'Only failures.',
    },
  },
  'recall.timeoutMs': advanced(
    'Wait for recall (ms)',
    'How long prompt and file hooks wait for memories; a slower worker is skipped.',
  ),
  'search.vectorWeight': advanced(
    'Weight of meaning in hybrid search',
    "How much embeddings count against words (1); 0: the embedder's own weight.",
  ),
  'search.minSimilarity': advanced(
    'Least similarity of a meaning-only match',
    'Higher drops weak matches found only by embeddings; 0 keeps them all.',
  ),
  'search.exactCap': advanced(
    'Rare-term limit of exact search',
    'Higher ranks more queries over the whole memory, each a little slower.',
  ),
  'search.embeddingsDimensions': advanced(
    'Embedding size',
    "Ask the openai or voyage model for shorter vectors; 0: the model's own size.",
  ),
  'compress.claudeCode.path': advanced(
    'claude executable',
    'The claude the Claude Code compressor runs; empty: the first one on PATH.',
  ),
  'compress.anthropic.baseUrl': advanced(
    'Anthropic API base URL',
    "Empty: ANTHROPIC_BASE_URL if set, else Anthropic's own.",
  ),
  'compress.maxInputTokens': advanced(
    'Request input cap (tokens)',
    'The most one compression request may send; a larger turn goes in slices.',
  ),
  'compress.maxOutputTokens': advanced(
    'Request output cap (tokens)',
    'The longest answer one compression request may return.',
  ),
  'compress.eventFieldChars': advanced(
    'Event field length sent (characters)',
    'Each field of an event is shortened to this before it is sent; longer costs more.',
  ),
  'compress.timeoutMs': advanced(
    'Request time limit (ms)',
    'A compression request still running then is given up (its claude process killed).',
  ),
  'compress.retries': advanced(
    'Retries of a request',
    'Retries after a rate limit, a server error, a timeout or a network error.',
  ),
  'compress.retryBaseMs': advanced(
    'First retry wait (ms)',
    'The wait before the first retry; it doubles with each retry.',
  ),
  'compress.maxAttempts': advanced(
    'Attempts before the heuristic',
    'After this many failed attempts the free heuristic compresses the events instead.',
  ),
  'compress.failedRetryMs': advanced(
    'Retry failed events after (ms)',
    'The wait before failed events are tried again; it doubles with each attempt.',
  ),
} as const satisfies Record<string, SettingLabel>;
