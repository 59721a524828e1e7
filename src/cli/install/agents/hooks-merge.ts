import type { AgentSpec } from './specs.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `node "<bundle>" <Event> --agent <agent>`: one process, no shell wrapper. */
export function agentHookCommand(hookBundle: string, event: string, agent: string): string {
  return `node "${hookBundle}" ${event} --agent ${agent}`;
}

const OURS = /^node "[^"]*[/\\]hook\.cjs" [A-Za-z]+ --agent [a-z]+$/;

/** Whether a hook line is ours: this install's bundle, or any claude-mem install's. */
export function isOurAgentCommand(command: unknown, hookBundle: string): boolean {
  if (typeof command !== 'string') return false;
  return (
    command.startsWith(`node "${hookBundle}" `) ||
    (OURS.test(command) && command.includes('claude-mem'))
  );
}

const lineOf = (hook: unknown, spec: AgentSpec): unknown =>
  isObject(hook) ? (spec.layout === 'flat' ? hook.bash : hook.command) : undefined;

function entryHasOurs(entry: unknown, spec: AgentSpec, bundle: string): boolean {
  if (spec.layout === 'flat') return isOurAgentCommand(lineOf(entry, spec), bundle);
  const hooks = isObject(entry) && Array.isArray(entry.hooks) ? entry.hooks : [];
  return hooks.some((hook) => isOurAgentCommand(lineOf(hook, spec), bundle));
}

function newEntry(spec: AgentSpec, bundle: string, event: string, matcher?: string): Json {
  const line = agentHookCommand(bundle, event, spec.agent);
  const timeout = spec.timeout[event] ?? spec.timeout.default;
  if (spec.layout === 'flat') return { type: 'command', bash: line, timeoutSec: timeout };
  const hook = { type: 'command', command: line, timeout };
  return matcher ? { matcher, hooks: [hook] } : { hooks: [hook] };
}

/**
 * The agent's hook config with ours added; every other key, event and hook is kept, and an
 * event that already has our command is left alone (installing twice equals once).
 */
export function addAgentHooks(config: Json, spec: AgentSpec, bundle: string): Json {
  const next = structuredClone(config);
  if (spec.layout === 'flat' && next.version === undefined) next.version = 1;
  const hooks = isObject(next.hooks) ? next.hooks : {};
  for (const { event, matcher } of spec.hooks) {
    const entries = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    if (entries.some((entry) => entryHasOurs(entry, spec, bundle))) continue;
    hooks[event] = [...entries, newEntry(spec, bundle, event, matcher)];
  }
  next.hooks = hooks;
  return next;
}

function keepEntry(entry: unknown, spec: AgentSpec, bundle: string): unknown[] {
  if (spec.layout === 'flat') return entryHasOurs(entry, spec, bundle) ? [] : [entry];
  if (!isObject(entry) || !Array.isArray(entry.hooks)) return [entry];
  const kept = entry.hooks.filter((hook) => !isOurAgentCommand(lineOf(hook, spec), bundle));
  if (kept.length === entry.hooks.length) return [entry];
  return kept.length > 0 ? [{ ...entry, hooks: kept }] : [];
}

/** The config without our hooks; emptied events, `hooks` and our `version` go too. */
export function removeAgentHooks(config: Json, spec: AgentSpec, bundle: string): Json {
  const next = structuredClone(config);
  if (!isObject(next.hooks)) return next;
  const hooks = next.hooks;
  const before = Object.keys(hooks).length;
  for (const event of Object.keys(hooks)) {
    if (!Array.isArray(hooks[event])) continue;
    const was = hooks[event] as unknown[];
    const entries = was.flatMap((e) => keepEntry(e, spec, bundle));
    // A list left as the user had it stays, an empty one too; only one we emptied goes.
    if (entries.length > 0 || was.length === 0) hooks[event] = entries;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length === 0 && before > 0) {
    delete next.hooks;
    if (spec.layout === 'flat' && Object.keys(next).length === 1) delete next.version;
  }
  return next;
}

/** How many of our hooks each registered event has (doctor wants one each). */
export function countAgentHooks(config: Json, spec: AgentSpec, bundle: string): number[] {
  const hooks = isObject(config.hooks) ? config.hooks : {};
  return spec.hooks.map(({ event }) => {
    const entries = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    return entries.filter((entry) => entryHasOurs(entry, spec, bundle)).length;
  });
}
