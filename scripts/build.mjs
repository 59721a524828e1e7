// Bundles the two entry points: the small CommonJS hook bundle (no native modules, no npm
// dependencies at run time, fast to start) and the ESM CLI/worker bundle.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// `--outdir DIR` builds elsewhere (the plugin test compares a fresh build with the committed dist/).
const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex > 0 ? process.argv[outdirIndex + 1] : 'dist';
const define = { __CLAUDE_MEM_VERSION__: JSON.stringify(version) };

// The hook: its bundle (hook-main.cjs) and the small loader Claude Code runs (hook.cjs), which
// compiles the bundle with V8's code cache (src/hooks/loader.ts).
const hookMain = `${outdir}/hook-main.cjs`;
const commonJs = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  logLevel: 'warning',
};
await build({
  ...commonJs,
  entryPoints: ['src/hooks/main.ts'],
  outfile: hookMain,
  define: { ...define, 'import.meta.url': '"file:///hook.cjs"' },
});
// The loader runs the bundle as a vm script, where import() has no loader on Node 20: the
// bundle's lazy imports, all of Node's own modules, become require() (as lazy).
const main = readFileSync(hookMain, 'utf8').replace(
  /\bimport\(("node:[\w/]+")\)/g,
  'Promise.resolve(require($1))',
);
if (/\bimport\(/.test(main)) throw new Error(`${hookMain}: an import() the loader cannot run`);
writeFileSync(hookMain, main);
await build({
  ...commonJs,
  entryPoints: ['src/hooks/loader.ts'],
  outfile: `${outdir}/hook.cjs`,
  define: {
    __HOOK_MAIN_HASH__: JSON.stringify(
      createHash('sha256').update(main).digest('hex').slice(0, 16),
    ),
  },
});

await build({
  entryPoints: ['src/cli/entry.ts'],
  outfile: `${outdir}/cli.mjs`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  define,
  logLevel: 'warning',
});
