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

// Claude Code 2.1.330 ends background hooks ("async": true) still running when a `claude -p`
// run ends: SIGTERM, then SIGKILL about a second later. A capture must not be cut short
// between reading stdin and the durable spool write, so these signals wait for the run (bounded
// by our own timeouts; main exits when done) and the second's grace goes to the capture.
for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);

void main();
