import { boolean, integer, type SettingSpec } from '../setting-kinds.ts';

/** Settings of recall at the moment of need: `recall.*` (prompt-time and file-time). */
export const MOMENT_SETTINGS = {
  'recall.promptTime': boolean({
    default: true,
    description:
      'UserPromptSubmit adds the few memories most relevant to the prompt (never one already shown in the session).',
  }),
  'recall.promptMaxItems': integer({
    default: 3,
    min: 1,
    max: 10,
    description:
      'At most this many memories per prompt (and never over about 500 tokens); only those above the relevance threshold.',
  }),
  'recall.fileTime': boolean({
    default: true,
    description:
      'PreToolUse of Read, Edit, Write and MultiEdit adds at most 2 short lines of memory about the file, once per file per session.',
  }),
  'recall.deadEnds': boolean({
    default: true,
    description:
      'PreToolUse of Bash, Edit, Write and MultiEdit adds one line when a recorded dead end is about the same command shape or file: what failed and what worked, once per session.',
  }),
  'recall.timeoutMs': integer({
    default: 300,
    min: 50,
    max: 2000,
    description:
      'How long the prompt and file hooks wait for recall from the worker; a slower or stopped worker is skipped and the turn goes on without it.',
  }),
  'recall.sinkUnused': boolean({
    default: true,
    description:
      'Memories injected into many sessions and never used there rank lower (one step per 3 such sessions, at most 4); `claude-mem unsink ID` resets one.',
  }),
  'recall.renewUsed': boolean({
    default: true,
    description:
      'A memory the agent used (fetched it, opened a file or ran a command it names, repeated its terms) ranks as if made when it was last used.',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
