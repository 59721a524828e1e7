import { runHook } from '../../hooks/run-hook.ts';

/**
 * `claude-mem hook <event> [--agent codex|gemini|copilot]`: the same handler as the hook
 * bundle. Always exits 0.
 */
export async function hookCommand(args: string[], cliEntry: string): Promise<number> {
  const agentAt = args.indexOf('--agent', 1);
  await runHook(args[0], { cliEntry, agent: agentAt > 0 ? args[agentAt + 1] : undefined });
  return 0;
}
