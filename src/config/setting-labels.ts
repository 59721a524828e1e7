import type { SettingLabel } from './setting-groups.ts';
import type { SettingKey } from './settings-schema.ts';
import { ADVANCED_LABELS } from './settings/advanced-labels.ts';

const budget = (who: string): SettingLabel => ({
  group: 'compress',
  label: `${who} daily token budget`,
  help: 'When a day has spent this many tokens, the free heuristic compresses until midnight.',
});

const chroma = (label: string, help: string): SettingLabel => ({ group: 'storage', label, help });

/**
 * Every setting's group, plain label, sentence and the effect of each value, in the order the
 * settings page shows them within a group. `satisfies Record<SettingKey, ...>` makes a new setting
 * without words a type error (and `setting-labels.test.ts` a failing test).
 */
export const SETTING_LABELS = {
  'capture.enabled': {
    group: 'capture',
    label: 'Capture sessions',
    help: 'The master switch of every hook.',
    effects: {
      true: 'Hooks record what the agent does and bring memory back.',
      false: 'Every hook does nothing: nothing is recorded and nothing is recalled.',
    },
  },
  'capture.skipTools': {
    group: 'capture',
    label: 'Tools never recorded',
    help: 'Calls of these tools (comma-separated names) are not captured.',
  },
  'capture.maxInputChars': {
    group: 'capture',
    label: 'Longest tool input kept (characters)',
    help: 'A longer tool input is stored shortened to its start and end.',
  },
  'capture.maxResponseChars': {
    group: 'capture',
    label: 'Longest tool output kept (characters)',
    help: 'A longer tool output is stored shortened to its start and end.',
  },
  'compress.provider': {
    group: 'compress',
    label: 'Compressor',
    help: 'Which model, if any, writes your memories, and who pays for it.',
    effects: {
      auto: 'Your logged-in claude when there is one, else the free heuristic.',
      'claude-code': 'Your claude command (haiku by default): counts against your Claude plan.',
      anthropic: 'The Anthropic API with ANTHROPIC_API_KEY: billed per token.',
      openai: 'An OpenAI-compatible endpoint (Ollama, LM Studio, OpenRouter): needs a model below.',
      heuristic: 'No model: titles made from the events by rules; free, and less useful.',
    },
  },
  'compress.claudeCode.model': {
    group: 'compress',
    label: 'Claude Code model',
    help: 'The model your claude command compresses with; haiku costs least.',
  },
  'compress.claudeCode.dailyTokens': budget('Claude Code'),
  'compress.anthropic.model': {
    group: 'compress',
    label: 'Anthropic API model',
    help: 'The model asked for on the Anthropic API.',
  },
  'compress.anthropic.dailyTokens': budget('Anthropic API'),
  'compress.openai.baseUrl': {
    group: 'compress',
    label: 'OpenAI-compatible endpoint',
    help: 'Where the openai compressor sends its requests (key from OPENAI_API_KEY if set).',
  },
  'compress.openai.model': {
    group: 'compress',
    label: 'OpenAI-compatible model',
    help: 'The model name at that endpoint; the openai compressor needs one.',
  },
  'compress.openai.dailyTokens': budget('OpenAI-compatible'),
  'compress.concurrency': {
    group: 'compress',
    label: 'Requests at once',
    help: 'More clears a backlog sooner and spends tokens sooner.',
  },
  'compress.batchEvents': {
    group: 'compress',
    label: 'Events per request',
    help: 'Fewer makes more, smaller requests; more makes fewer, larger ones.',
  },
  'compress.flushAfterMs': {
    group: 'compress',
    label: 'Compress a long turn after (ms)',
    help: 'A turn still running is compressed anyway once its oldest event is this old.',
  },
  'context.maxTokens': {
    group: 'recall',
    label: 'Session start budget (tokens)',
    help: 'How much memory a new session starts with; more context, more of the window used.',
  },
  'context.maxObservations': {
    group: 'recall',
    label: 'Session start memories',
    help: 'At most this many memories are listed when a session starts.',
  },
  'recall.promptTime': {
    group: 'recall',
    label: 'Memories with each prompt',
    help: 'Whether a prompt brings back the memories most relevant to it.',
    effects: {
      true: 'Each prompt gets a few relevant memories not yet shown in the session.',
      false: 'Prompts get no memories; session start and search still do.',
    },
  },
  'recall.promptMaxItems': {
    group: 'recall',
    label: 'Memories per prompt',
    help: 'At most this many, only relevant ones, and never over about 500 tokens.',
  },
  'recall.fileTime': {
    group: 'recall',
    label: 'Memories when a file is opened',
    help: 'Whether reading or editing a file brings back what is known about it.',
    effects: {
      true: 'Read, Edit and Write add up to 2 lines about the file, once per session.',
      false: 'Reading or editing a file brings back nothing.',
    },
  },
  'recall.deadEnds': {
    group: 'recall',
    label: 'Dead-end warnings',
    help: 'Whether a command or edit that failed before, and was solved another way, is warned about.',
    effects: {
      true: 'Before the same command shape or file edit: one line with the failure and what worked.',
      false: 'No warnings; dead ends are still recorded and searchable.',
    },
  },
  'recall.sinkUnused': {
    group: 'recall',
    label: 'Unused memories sink',
    help: 'Whether memories shown in many sessions and never used there rank lower.',
    effects: {
      true: 'A memory the agent keeps ignoring drops in the session start index; unsink resets it.',
      false: 'How often a memory was ignored does not change its rank.',
    },
  },
  'recall.renewUsed': {
    group: 'recall',
    label: 'Used memories renewed',
    help: 'Whether a memory the agent used ranks as fresh as its last use.',
    effects: {
      true: 'Using a memory resets its age for ranking.',
      false: 'A memory ranks by when it was made, used or not.',
    },
  },
  'search.mode': {
    group: 'recall',
    label: 'Search ranking',
    help: 'How search and recall rank memories.',
    effects: {
      fts: 'By words only (bm25): exact names and errors, no paraphrases.',
      vector: 'By meaning only (embeddings): paraphrases, but exact names may slip.',
      hybrid: 'Both, fused: words and meaning.',
    },
  },
  'search.embedder': {
    group: 'recall',
    label: 'Embeddings',
    help: 'What gives memories a meaning to search by; a change re-embeds all after a restart.',
    effects: {
      local: 'A small offline model inside the worker: private, no key.',
      openai: 'An OpenAI-compatible endpoint (Ollama, OpenAI, vLLM), set below.',
      voyage: 'The Voyage AI API, set below.',
      hash: 'Hashes of words, no model: for tests, no sense of meaning.',
      off: 'No embeddings: search by words only.',
    },
  },
  'search.embeddingsUrl': {
    group: 'recall',
    label: 'Embeddings endpoint',
    help: 'Base URL the openai or voyage embedder calls.',
  },
  'search.embeddingsModel': {
    group: 'recall',
    label: 'Embeddings model',
    help: 'The model the openai or voyage embedder asks for.',
  },
  'search.embeddingsKeyEnv': {
    group: 'recall',
    label: 'Embeddings key variable',
    help: 'The environment variable holding the key; the key itself is never stored here.',
  },
  'team.share': {
    group: 'team',
    label: 'Share with the team',
    help: "What compression shares on its own; a project's .claude-mem.json may override it.",
    effects: {
      off: 'Nothing, unless you share a memory yourself (claude-mem share ID).',
      summaries: 'Turn summaries are shared; observations stay private.',
      all: 'Summaries and observations are shared.',
    },
  },
  'team.url': {
    group: 'team',
    label: 'Team database',
    help: 'PostgreSQL URL of the team database, without a password; empty: no team.',
  },
  'team.name': {
    group: 'team',
    label: 'Team name',
    help: 'Which team in that database this machine syncs with.',
  },
  'team.syncEveryMs': {
    group: 'team',
    label: 'Sync every (ms)',
    help: "How often shared memories are pushed and teammates' are pulled.",
  },
  'team.stallAfterMs': {
    group: 'team',
    label: 'Report a stall after (ms)',
    help: 'How long one step of a sync round may wait before the round is abandoned and shown as stalled.',
  },
  'retention.maxAgeDays': {
    group: 'storage',
    label: 'Keep memory for (days)',
    help: 'Older memory is deleted once a day, pinned memories kept; 0 keeps everything.',
  },
  'retention.maxPerProject': {
    group: 'storage',
    label: 'Most memories per project',
    help: 'Only the newest this many are kept, pinned ones aside; 0: no limit.',
  },
  'consolidate.onIdle': {
    group: 'storage',
    label: 'Consolidation when idle',
    help: 'Whether the worker tidies memory on its own: near-duplicates merged, noise dropped.',
    effects: {
      off: 'Only "claude-mem consolidate" proposes; nothing changes unless you apply.',
      propose: 'The worker proposes when idle; you review and apply on the consolidation page.',
      apply: 'The worker applies its proposals when idle; each one can be undone.',
    },
  },
  'search.vectorStore': {
    group: 'storage',
    label: 'Vector index',
    help: 'Where vectors are searched; the database stays the source of truth.',
    effects: {
      'sqlite-vec': 'Inside the database file: nothing else to run.',
      chroma: 'A Chroma server you run (needs the chromadb package beside claude-mem).',
    },
  },
  'search.chroma.url': chroma(
    'Chroma server',
    'The Chroma server to use; claude-mem never starts one.',
  ),
  'search.chroma.tenant': chroma('Chroma tenant', 'The tenant on that Chroma server.'),
  'search.chroma.database': chroma('Chroma database', 'The database on that Chroma server.'),
  'search.chroma.collection': chroma(
    'Chroma collection',
    'The collection holding the vectors; it can be rebuilt from the database at any time.',
  ),
  'search.chroma.tokenEnv': chroma(
    'Chroma token variable',
    'The environment variable holding the Chroma token; the token is never stored here.',
  ),
  ...ADVANCED_LABELS,
} as const satisfies Record<SettingKey, SettingLabel>;
