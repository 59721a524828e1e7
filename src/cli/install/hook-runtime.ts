import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { usage } from '../cli-error.ts';

/** What runs the installed hook commands: `node`, or Bun at an absolute path. */
export interface HookRuntime {
  name: 'node' | 'bun';
  /** How the hook command names it: `node`, or the quoted absolute path of `bun`. */
  command: string;
}

/** The default: `node` from Claude Code's PATH, as the plugin's hooks.json runs it. */
export const NODE_RUNTIME: HookRuntime = { name: 'node', command: 'node' };

/** The `install --runtime` choices. */
export const RUNTIME_CHOICES = ['node', 'bun', 'auto'] as const;

/** The first `bin` file in the `path` folders, as a shell would find it. */
export function findOnPath(bin: string, path = process.env.PATH ?? ''): string | undefined {
  return path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, bin))
    .find((file) => existsSync(file));
}

/**
 * The runtime `install --runtime <choice>` writes into the hook commands: `node` (the default),
 * `bun`, or `auto` (Bun when it is on PATH). Bun runs the same hook bundle (no native modules,
 * node built-ins only) and starts in about half node's time, but its node built-ins cost more
 * to load, and the whole hook measured 1.03x node's here (bench/hook-runtime.ts, a loaded
 * machine): opt-in until it measures faster. Bun is named by its absolute path: Claude Code's
 * PATH (a GUI launch, another shell) may lack the folder bun's installer added.
 */
export function chooseRuntime(choice = 'node', path = process.env.PATH ?? ''): HookRuntime {
  if (!(RUNTIME_CHOICES as readonly string[]).includes(choice)) {
    throw usage(`--runtime: expected ${RUNTIME_CHOICES.join(', ')}, got "${choice}"`);
  }
  if (choice === 'node') return NODE_RUNTIME;
  const bun = findOnPath('bun', path);
  if (bun) return { name: 'bun', command: JSON.stringify(bun) };
  if (choice === 'bun') {
    throw usage(
      '--runtime bun: no "bun" on PATH; install Bun (npm install -g bun) or leave it out',
    );
  }
  return NODE_RUNTIME;
}

const BUN_COMMAND = /^"([^"]*[/\\]bun)" /;

/**
 * The runtime a hook command runs under, for doctor: `node`, `bun <path>`, or the portable
 * `claude-mem-hook` (whose shebang is node). Undefined when the command is none of those.
 */
export function runtimeOfCommand(command: string): string | undefined {
  if (command.startsWith('node ')) return 'node';
  if (command.startsWith('claude-mem-hook ')) return 'node (claude-mem-hook)';
  const bun = BUN_COMMAND.exec(command)?.[1];
  return bun === undefined ? undefined : `bun ${bun}`;
}

/** `bun --version` of the binary at `path`, or undefined when it does not answer in 5 s. */
export function bunVersion(path: string): string | undefined {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 5_000 });
  return run.status === 0 ? run.stdout.trim() : undefined;
}
