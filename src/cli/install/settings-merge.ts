import {
  REGISTERED_HOOKS,
  hookCommand,
  hookEntry,
  isOurCommand,
  isPortableCommand,
  portableHookCommand,
  type RegisteredHook,
} from './hook-commands.ts';
import { NODE_RUNTIME, type HookRuntime } from './hook-runtime.ts';

type Json = Record<string, unknown>;
type Group = { matcher?: string; hooks?: unknown[] } & Json;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function groupsOf(hooks: Json, event: string): Group[] {
  const groups = hooks[event];
  return Array.isArray(groups) ? (groups.filter(isObject) as Group[]) : [];
}

function hasOurs(group: Group, isOurs: (command: unknown) => boolean): boolean {
  return (group.hooks ?? []).some((hook) => isObject(hook) && isOurs(hook.command));
}

/**
 * Claude Code settings with claude-mem's hooks added: every other key, event and hook is kept
 * as it was, and an event that already has our command is left alone (installing twice equals
 * once). `portable` (a repository's committed settings) registers `claude-mem-hook <Event>` and
 * replaces any machine-specific `node "/…/hook.cjs"` line; otherwise `runtime` runs the bundle.
 * Returns a new object.
 */
export function addHooks(
  settings: Json,
  hookBundle: string,
  portable = false,
  runtime: HookRuntime = NODE_RUNTIME,
): Json {
  const next = portable
    ? removeHooks(settings, hookBundle, (command) => !isPortableCommand(command))
    : structuredClone(settings);
  const isOurs = portable ? isPortableCommand : (c: unknown) => isOurCommand(c, hookBundle);
  const hooks = isObject(next.hooks) ? next.hooks : {};
  for (const hook of REGISTERED_HOOKS) {
    const { event, matcher } = hook;
    const groups = groupsOf(hooks, event);
    if (groups.some((group) => hasOurs(group, isOurs))) {
      upgradeOurs(groups, hook, isOurs);
      continue;
    }
    const line = portable ? portableHookCommand(event) : hookCommand(hookBundle, event, runtime);
    const command = hookEntry(hook, line);
    const group: Group = matcher ? { matcher, hooks: [command] } : { hooks: [command] };
    hooks[event] = [...(Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : []), group];
  }
  next.hooks = hooks;
  return next;
}

/**
 * Brings our entries of an event installed by an older claude-mem to today's shape, keeping
 * their command (and so the runtime the user chose): an install from before issue 33 registered
 * capture hooks in the foreground, and the agent waited for each until it was installed anew.
 * A group that holds only our hook takes today's matcher too; a group shared with the user's own
 * hooks keeps theirs.
 */
function upgradeOurs(
  groups: Group[],
  hook: RegisteredHook,
  isOurs: (command: unknown) => boolean,
): void {
  for (const group of groups) {
    if (!Array.isArray(group.hooks) || !hasOurs(group, isOurs)) continue;
    group.hooks = group.hooks.map((entry) =>
      isObject(entry) && isOurs(entry.command) ? hookEntry(hook, String(entry.command)) : entry,
    );
    const onlyOurs = group.hooks.every((entry) => isObject(entry) && isOurs(entry.command));
    if (onlyOurs && hook.matcher !== undefined) group.matcher = hook.matcher;
  }
}

/**
 * The events whose hook of ours Claude Code waits for although it only captures: registered by
 * an install from before capture ran in the background (issue 33). `claude-mem install` again
 * brings them up to date.
 */
export function foregroundCaptureHooks(settings: Json, hookBundle: string): string[] {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  const isOurs = (command: unknown): boolean =>
    isOurCommand(command, hookBundle) || isPortableCommand(command);
  return REGISTERED_HOOKS.filter(
    ({ event, background }) =>
      background === true &&
      groupsOf(hooks, event).some((group) =>
        (group.hooks ?? []).some(
          (entry) => isObject(entry) && isOurs(entry.command) && entry.async !== true,
        ),
      ),
  ).map(({ event }) => event);
}

/**
 * Settings with every claude-mem hook removed (those `only` also accepts). Groups left empty are
 * dropped, and so are event lists and the `hooks` object when nothing remains in them.
 */
export function removeHooks(
  settings: Json,
  hookBundle: string,
  only: (command: unknown) => boolean = () => true,
): Json {
  const next = structuredClone(settings);
  if (!isObject(next.hooks)) return next;
  const hooks = next.hooks;
  const before = Object.keys(hooks).length;
  for (const event of Object.keys(hooks)) {
    if (!Array.isArray(hooks[event]) || (hooks[event] as unknown[]).length === 0) continue;
    const groups = (hooks[event] as unknown[]).flatMap((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return [group];
      const kept = group.hooks.filter(
        (hook) => !(isObject(hook) && isOurCommand(hook.command, hookBundle) && only(hook.command)),
      );
      if (kept.length === group.hooks.length) return [group];
      return kept.length > 0 ? [{ ...group, hooks: kept }] : [];
    });
    if (groups.length > 0) hooks[event] = groups;
    else delete hooks[event];
  }
  // Only a `hooks` we emptied goes: the user's own empty one stays.
  if (Object.keys(hooks).length === 0 && before > 0) delete next.hooks;
  return next;
}

/** How many of our hooks each event has: doctor wants exactly one per registered event. */
export function countOurHooks(settings: Json, hookBundle: string): Record<string, number> {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  return Object.fromEntries(
    REGISTERED_HOOKS.map(({ event }) => [
      event,
      groupsOf(hooks, event).reduce(
        (sum, group) =>
          sum +
          (group.hooks ?? []).filter(
            (hook) => isObject(hook) && isOurCommand(hook.command, hookBundle),
          ).length,
        0,
      ),
    ]),
  );
}

/** Whether the settings register our hooks as `claude-mem-hook <Event>` (install --project). */
export function usesPortableHooks(settings: Json): boolean {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  return Object.keys(hooks).some((event) =>
    groupsOf(hooks, event).some((group) => hasOurs(group, isPortableCommand)),
  );
}
