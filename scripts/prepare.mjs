// `npm install` in a checkout builds the bundles. In an installed plugin (dependencies only,
// `npm ci --omit=dev`) esbuild is absent and the committed dist/ is used as it is.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url).resolve('esbuild');
} catch {
  console.log('claude-mem: esbuild not installed, using the committed dist/');
  process.exit(0);
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
process.exit(build.status ?? 1);
