// Builds the viewer (src/ui, React) into dist/ui with Vite; the worker serves it at `/`.
// `npm run build` runs it after the bundles; `--outdir DIR` builds into DIR/ui instead (to compare
// a fresh build with a committed one).
import { resolve } from 'node:path';
import { build } from 'vite';

const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex > 0 ? process.argv[outdirIndex + 1] : 'dist';

await build({
  root: 'src/ui',
  logLevel: 'warn',
  build: { outDir: resolve(outdir, 'ui'), emptyOutDir: true },
});
