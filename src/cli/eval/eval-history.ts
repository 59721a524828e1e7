import { contentTerms } from '../../context/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';

/** Tools whose file recall fires at PreToolUse (the hook's matcher), with their path field. */
export const FILE_TOOLS: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Edit: 'file_path',
  Write: 'file_path',
  MultiEdit: 'file_path',
};

/** An earlier prompt, by its session and number, with its content words. */
export interface EarlierPrompt {
  sessionId: string;
  promptNumber: number;
  terms: string[];
}

/**
 * What earlier sessions did that a later one may repeat: the commands that failed (normalized,
 * with the session that ran them) and the prompts asked. Serializable: a resumed run loads it.
 */
export interface History {
  failed: Record<string, string>;
  prompts: EarlierPrompt[];
}

/** A new, empty history. */
export const emptyHistory = (): History => ({ failed: {}, prompts: [] });

type ToolEvent = Extract<SpoolEvent, { kind: 'tool' }>;

const field = (input: unknown, name: string): string | undefined => {
  const value = (input as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The path a file tool is about to read or edit, or undefined for any other tool. */
export function filePathOf(event: ToolEvent): string | undefined {
  const name = FILE_TOOLS[event.toolName];
  return name === undefined ? undefined : field(event.input, name);
}

/** A Bash command, whitespace collapsed: the same command typed twice compares equal. */
export function commandOf(event: ToolEvent): string | undefined {
  if (event.toolName !== 'Bash') return undefined;
  const command = field(event.input, 'command')?.replace(/\s+/g, ' ').trim();
  return command === '' ? undefined : command;
}

// Two prompts ask the same when most of the shorter one's content words are in the other: a
// rephrased question keeps its subject words, while "fix the tests" shares too few to count.
const MIN_SHARED = 3;
const MIN_SHARE = 0.6;

/** The earliest earlier prompt (of another session) that `text` asks again, if any. */
export function askedBefore(
  history: History,
  sessionId: string,
  text: string,
): EarlierPrompt | undefined {
  const terms = contentTerms(text);
  if (terms.length < MIN_SHARED) return undefined;
  return history.prompts.find((earlier) => {
    if (earlier.sessionId === sessionId) return false;
    const shared = earlier.terms.filter((term) => terms.includes(term)).length;
    const shorter = Math.min(earlier.terms.length, terms.length);
    return shared >= MIN_SHARED && shared / shorter >= MIN_SHARE;
  });
}

/** Adds a finished session's failed commands and prompts to the history. */
export function remember(history: History, sessionId: string, events: readonly SpoolEvent[]) {
  let promptNumber = 0;
  for (const event of events) {
    if (event.kind === 'prompt') {
      promptNumber += 1;
      const terms = event.text === null ? [] : contentTerms(event.text);
      if (terms.length >= MIN_SHARED) history.prompts.push({ sessionId, promptNumber, terms });
    } else if (event.kind === 'tool' && event.failed) {
      const command = commandOf(event);
      if (command !== undefined) history.failed[command] ??= sessionId;
    }
  }
}
