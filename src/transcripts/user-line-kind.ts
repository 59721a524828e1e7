import { textsOf, toolResultsOf } from './blocks.ts';
import type { TranscriptLine } from './transcript-line.ts';

/**
 * What a user line means for the hooks:
 * - `prompt`: the user submitted a prompt, so `UserPromptSubmit` fired;
 * - `interrupt`: the user pressed Esc; the turn ends and `Stop` does not fire for it;
 * - `notification`: a background task finished; a new turn starts without `UserPromptSubmit`;
 * - `other`: tool results, meta and compact-summary lines, local command output.
 */
export type UserLineKind =
  | { kind: 'prompt'; prompt: string }
  | { kind: 'interrupt' }
  | { kind: 'notification' }
  | { kind: 'other' };

const OTHER: UserLineKind = { kind: 'other' };

// Blocks the IDE extension attaches next to the typed text; they are not part of `prompt`.
const CONTEXT_BLOCK = /^<(ide_opened_file|ide_selection|ide_diagnostics|system-reminder)>/;
// Written by Claude Code itself for local commands, `!` bash mode and `#` memory mode,
// none of which query the model (`shouldQuery: false`), so no UserPromptSubmit.
const LOCAL_OUTPUT =
  /^<(local-command-(stdout|stderr|caveat)|bash-(input|stdout|stderr)|user-memory-input)>/;
const SLASH_COMMAND = /^<command-(name|message)>/;
const LOCAL_COMMAND_RESULT = /^<local-command-(stdout|stderr)>/;

function typedText(line: TranscriptLine): string {
  return textsOf(line)
    .filter((text) => !CONTEXT_BLOCK.test(text.trimStart()))
    .join('\n');
}

const tag = (text: string, name: string): string | undefined =>
  new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1]?.trim();

/** Rebuilds what the user typed from a `<command-name>` wrapper: `/name args`. */
export function commandPrompt(text: string): string {
  const name = tag(text, 'command-name') ?? '';
  const slashed = name.startsWith('/') ? name : `/${name}`;
  const args = tag(text, 'command-args') ?? '';
  return args === '' ? slashed : `${slashed} ${args}`;
}

/**
 * A slash command is local (`/clear`, `/model`, `/compact`, ...) when Claude Code answered it
 * with `<local-command-stdout>` instead of querying the model.
 */
function isLocalCommand(lines: readonly TranscriptLine[], index: number): boolean {
  for (const line of lines.slice(index + 1)) {
    if (line.type === 'assistant') return false;
    if (line.type !== 'user' || line.isMeta) continue;
    return LOCAL_COMMAND_RESULT.test(typedText(line).trimStart());
  }
  return false;
}

function classifyText(text: string, lines: readonly TranscriptLine[], index: number): UserLineKind {
  const head = text.trimStart();
  if (head.startsWith('[Request interrupted by user')) return { kind: 'interrupt' };
  if (head.startsWith('<task-notification>')) return { kind: 'notification' };
  if (LOCAL_OUTPUT.test(head)) return OTHER;
  if (!SLASH_COMMAND.test(head)) return { kind: 'prompt', prompt: text };
  return isLocalCommand(lines, index) ? OTHER : { kind: 'prompt', prompt: commandPrompt(head) };
}

/** Classifies `lines[index]`; see {@link UserLineKind}. Needs the following lines for commands. */
export function classifyUserLine(lines: readonly TranscriptLine[], index: number): UserLineKind {
  const line = lines[index];
  if (line === undefined || line.type !== 'user') return OTHER;
  if (line.isMeta || line.isSidechain || line.isCompactSummary) return OTHER;
  if (toolResultsOf(line).length > 0) return OTHER;
  const text = typedText(line);
  return text.trim() === '' ? OTHER : classifyText(text, lines, index);
}
