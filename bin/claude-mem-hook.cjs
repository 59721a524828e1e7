#!/usr/bin/env node
// `claude-mem-hook <Event>`: what a repository's committed settings run (install --project). It
// loads only the small hook bundle, so a hook costs what `node dist/hook.cjs` costs.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS bin loads the CommonJS bundle
require('../dist/hook.cjs');
