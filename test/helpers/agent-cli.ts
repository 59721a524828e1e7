import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The real agent CLIs, pinned. They are not devDependencies: Codex's npm package carries its
 * native binary (~400 MB unpacked) and Copilot's ~190 MB, so every `npm ci` would pay for them.
 * The tests that run them install them once from the npm registry into
 * node_modules/.cache/agent-clis (inside the repository, so CI has them and nothing outside the
 * repository is read); no download from anywhere else: the binaries are inside the npm packages.
 */
export const AGENT_CLIS = {
  codex: { pkg: '@openai/codex', version: '0.169.0', bin: 'codex' },
  gemini: { pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  copilot: { pkg: '@github/copilot', version: '1.0.102', bin: 'copilot' },
} as const;

const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'agent-clis');

/** npm beside the node running the tests (no PATH lookup). */
function npmCli(): string {
  const node = realpathSync(process.execPath);
  const candidates = [
    join(dirname(node), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    join(dirname(node), 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`npm not found beside ${node}`);
  return found;
}

/**
 * The path of the agent's command, installing the pinned package first when it is not in the
 * cache. Returns undefined (with the reason) when the install fails, so a test can say why.
 *
 * The install goes to a folder of this process's own and is renamed into place whole: two test
 * files run at once and may both need the CLI, and one of them spawning the native binary while
 * the other's npm was still writing it failed with ETXTBSY (seen in a clean-clone CI run).
 */
export function ensureAgentCli(agent: keyof typeof AGENT_CLIS): {
  bin: string | undefined;
  reason: string;
} {
  const { pkg, version, bin } = AGENT_CLIS[agent];
  const dir = join(CACHE, `${agent}-${version}`);
  const path = join(dir, 'node_modules', '.bin', bin);
  if (existsSync(path)) return { bin: path, reason: '' };
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    execFileSync(
      process.execPath,
      [
        npmCli(),
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `${pkg}@${version}`,
      ],
      {
        stdio: 'pipe',
        timeout: 600_000,
        env: { ...process.env, npm_config_cache: join(CACHE, 'npm') },
      },
    );
    moveIntoPlace(staging, dir, path);
  } catch (error) {
    return { bin: undefined, reason: `npm install ${pkg}@${version} failed: ${String(error)}` };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return existsSync(path)
    ? { bin: path, reason: '' }
    : { bin: undefined, reason: `${path} missing after install` };
}

/**
 * Renames the finished install to `dir`. When `dir` is there already: another process's install
 * got there first (as good), or a leftover without the command (an interrupted install of an
 * older helper), which is replaced.
 */
function moveIntoPlace(staging: string, dir: string, path: string): void {
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (existsSync(path)) return;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
}
