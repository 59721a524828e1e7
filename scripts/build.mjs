// Bundles the two entry points: the small CommonJS hook bundle (no native modules, no npm
// dependencies at run time, fast to start) and the ESM CLI/worker bundle.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// `--outdir DIR` builds elsewhere (the plugin test compares a fresh build with the committed dist/).
const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex > 0 ? process.argv[outdirIndex + 1] : 'dist';
const define = { __CLAUDE_MEM_VERSION__: JSON.stringify(version) };

await build({
  entryPoints: ['src/hooks/main.ts'],
  outfile: `${outdir}/hook.cjs`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  define: { ...define, 'import.meta.url': '"file:///hook.cjs"' },
  logLevel: 'warning',
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
