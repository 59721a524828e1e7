import { HOOK_EVENTS } from '../../capture/index.ts';
import { runHook } from '../../hooks/run-hook.ts';
import { contextEntry } from '../command-entry.ts';

/**
 * `claude-mem hook <event> [--agent A]` (A: an agent of src/domain/agents.ts but claude): the same handler as the hook
 * bundle. Always exits 0.
 */
export async function hookCommand(args: string[], cliEntry: string): Promise<number> {
  const agentAt = args.indexOf('--agent', 1);
  await runHook(args[0], { cliEntry, agent: agentAt > 0 ? args[agentAt + 1] : undefined });
  return 0;
}

/** `claude-mem hook`: its help, options and handler (the command table's entry). */
export const HOOK_COMMAND = contextEntry(
  'hook <event>',
  `Run a hook: ${HOOK_EVENTS.join(', ')} (aliases: context, new, save, summary).\nReads Claude Code's JSON on stdin; always exits 0`,
  (args, { cliEntry }) => hookCommand(args, cliEntry),
  { takesHelpFlag: false },
);
