#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// `claude-mem hook <event>` goes straight to the small hook bundle: loading the 400 KB CLI
// bundle first made it ~3x slower than the installed hook command (issue 12). The hook bundle
// reads its event from argv[2], so "hook" is taken out of the arguments.
const hook = process.argv[2] === 'hook';
const entry = new URL(hook ? '../dist/hook.cjs' : '../dist/cli.mjs', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('claude-mem: not built yet; run "npm run build" (or "npm install") first\n');
  process.exit(1);
}
if (hook) {
  process.argv.splice(2, 1);
  createRequire(import.meta.url)(fileURLToPath(entry));
} else {
  await import(entry.href);
}
