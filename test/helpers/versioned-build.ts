import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..');

/** A build of this source that reports another version: what an older (or newer) install is. */
export interface VersionedBuild {
  version: string;
  hookBundle: string;
  cliBundle: string;
  remove(): void;
}

/**
 * Bundles the hook and the CLI like scripts/build.mjs, but with `version` baked in, into a temp
 * folder whose `node_modules` links to this repository's (the CLI bundle keeps npm packages
 * external). Stands in for another installed version of the package.
 */
export async function buildVersion(version: string): Promise<VersionedBuild> {
  const root = mkdtempSync(join(tmpdir(), `claude-mem-v${version}-`));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const define = { __CLAUDE_MEM_VERSION__: JSON.stringify(version) };
  const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' } as const;
  await build({
    ...common,
    entryPoints: [join(REPO, 'src/hooks/main.ts')],
    outfile: join(dist, 'hook.cjs'),
    format: 'cjs',
    define: { ...define, 'import.meta.url': '"file:///hook.cjs"' },
  });
  await build({
    ...common,
    entryPoints: [join(REPO, 'src/cli/entry.ts')],
    outfile: join(dist, 'cli.mjs'),
    format: 'esm',
    packages: 'external',
    define,
  });
  return {
    version,
    hookBundle: join(dist, 'hook.cjs'),
    cliBundle: join(dist, 'cli.mjs'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
