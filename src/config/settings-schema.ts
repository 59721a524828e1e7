import { boolean, integer, oneOf, stringList, type SettingSpec } from './setting-kinds.ts';
import { COMPRESS_SETTINGS } from './settings/compress-settings.ts';
import { MOMENT_SETTINGS } from './settings/moment-settings.ts';
import { RECALL_SETTINGS } from './settings/recall-settings.ts';
import { RETENTION_SETTINGS } from './settings/retention-settings.ts';
import { TEAM_SYNC_SETTINGS } from './settings/team-sync-settings.ts';
import { TEAM_SHARE_SETTINGS } from './settings/team-share-settings.ts';

/**
 * Every setting claude-mem reads, with its default. The settings file holds the same keys nested
 * by their dots (`{"worker":{"port":37777}}`); `CLAUDE_MEM_WORKER_PORT` overrides `worker.port`.
 */
export const SETTINGS_SCHEMA = {
  'worker.port': integer({
    default: 37777,
    min: 1024,
    max: 65535,
    description: 'Loopback port of the worker daemon.',
  }),
  'worker.startWaitMs': integer({
    default: 4000,
    min: 200,
    max: 30000,
    description: 'How long a hook that needs the worker (SessionStart) waits for it to start.',
  }),
  'worker.autoStart': boolean({
    default: true,
    description: 'Hooks, MCP and CLI start the worker when it is not running.',
  }),
  'capture.skipTools': stringList({
    default: ['TodoWrite', 'AskUserQuestion', 'ListMcpResourcesTool', 'SlashCommand', 'Skill'],
    description: 'Tool names whose calls are never captured.',
  }),
  'capture.maxInputChars': integer({
    default: 20000,
    min: 1000,
    max: 10_000_000,
    description: 'A tool input longer than this (as JSON) is stored elided: head + tail.',
  }),
  'capture.maxResponseChars': integer({
    default: 50000,
    min: 1000,
    max: 10_000_000,
    description: 'A tool response longer than this (as JSON) is stored elided: head + tail.',
  }),
  'capture.enabled': boolean({
    default: true,
    description: 'Master switch: false makes every hook a no-op.',
  }),
  'log.level': oneOf({
    default: 'info',
    values: ['debug', 'info', 'warn', 'error'],
    description: 'Least severe level written to the log file.',
  }),
  ...COMPRESS_SETTINGS,
  ...RECALL_SETTINGS,
  ...MOMENT_SETTINGS,
  ...RETENTION_SETTINGS,
  ...TEAM_SYNC_SETTINGS,
  ...TEAM_SHARE_SETTINGS,
} as const satisfies Record<string, SettingSpec<unknown>>;

/** A setting key, e.g. `worker.port`. */
export type SettingKey = keyof typeof SETTINGS_SCHEMA;

type ValueOf<S> = S extends SettingSpec<infer T> ? T : never;

/** The resolved settings: every key with a valid value. */
export type Settings = { readonly [K in SettingKey]: ValueOf<(typeof SETTINGS_SCHEMA)[K]> };

/** True when `key` names a known setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS_SCHEMA, key);
}

/** `worker.port` -> `CLAUDE_MEM_WORKER_PORT`, `capture.skipTools` -> `CLAUDE_MEM_CAPTURE_SKIP_TOOLS`. */
export function envNameOf(key: SettingKey): string {
  return `CLAUDE_MEM_${key
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/\./g, '_')
    .toUpperCase()}`;
}
