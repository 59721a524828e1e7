import { join } from 'node:path';
import { runHook } from './run-hook.ts';

/**
 * Entry point of the small hook bundle (`node dist/hook.cjs <event>`), which Claude Code runs
 * directly: no shell, no native modules. Always exits 0.
 */
async function main(): Promise<void> {
  await runHook(process.argv[2], { cliEntry: join(__dirname, 'cli.mjs') });
  process.exit(0);
}

void main();
