import { existsSync } from 'node:fs';
import { isOurCommand } from '../install/hook-commands.ts';
import { bunVersion, runtimeOfCommand } from '../install/hook-runtime.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every command of ours registered in one settings object. */
export function ourHookCommands(settings: Json, hookBundle: string): string[] {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  return Object.values(hooks)
    .flatMap((groups) => (Array.isArray(groups) ? groups : []))
    .flatMap((group) => (isObject(group) && Array.isArray(group.hooks) ? group.hooks : []))
    .map((hook) => (isObject(hook) ? hook.command : undefined))
    .filter((command): command is string => isOurCommand(command, hookBundle));
}

/**
 * What runs the hooks, for doctor's `hooks` line (issue 33): `node`, or `bun <path> <version>`;
 * several when installs differ. `missing` names a Bun the commands run that is gone (every hook
 * would then fail before capturing anything).
 */
export function hookRuntimes(commands: string[]): { names: string[]; missing: string[] } {
  const runtimes = [...new Set(commands.map((c) => runtimeOfCommand(c) ?? 'node'))];
  const bunPaths = runtimes.filter((r) => r.startsWith('bun ')).map((r) => r.slice(4));
  const missing = bunPaths.filter((path) => !existsSync(path));
  const names = runtimes.map((runtime) => {
    if (!runtime.startsWith('bun ')) return runtime;
    const path = runtime.slice(4);
    return existsSync(path) ? `bun ${bunVersion(path) ?? '(version unknown)'} at ${path}` : runtime;
  });
  return { names, missing };
}
