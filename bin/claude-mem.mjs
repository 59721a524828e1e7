#!/usr/bin/env node
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('claude-mem: not built yet; run "npm run build" (or "npm install") first\n');
  process.exit(1);
}
await import(entry.href);
