import './hold-signals.ts';
import { join } from 'node:path';
import { runHook } from './run-hook.ts';

/**
 * Entry point of the small hook bundle (`node dist/hook.cjs <event>`), which Claude Code runs
 * directly: no shell, no native modules. Always exits 0. `--agent codex|gemini|copilot` after
 * the event names another agent, whose adapter maps its event, payload and answer.
 */
async function main(): Promise<void> {
  const agentAt = process.argv.indexOf('--agent', 3);
  const agent = agentAt > 0 ? process.argv[agentAt + 1] : undefined;
  await runHook(process.argv[2], { cliEntry: join(__dirname, 'cli.mjs'), agent });
  process.exit(0);
}

void main();
