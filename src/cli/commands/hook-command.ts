import { runHook } from '../../hooks/run-hook.ts';

/** `claude-mem hook <event>`: the same handler as the hook bundle. Always exits 0. */
export async function hookCommand(args: string[], cliEntry: string): Promise<number> {
  await runHook(args[0], { cliEntry });
  return 0;
}
