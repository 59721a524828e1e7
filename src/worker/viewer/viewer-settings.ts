import type { Applies, SettingView as WireSettingView } from '../../domain/viewer-api.ts';
import { AppError } from '../errors.ts';
import {
  SETTINGS_SCHEMA,
  envNameOf,
  isSettingKey,
  loadSettings,
  incoherence,
  saveSetting,
  type SettingKey,
  type Settings,
} from '../../config/index.ts';
import { SETTING_LABELS } from '../../config/setting-labels.ts';

export type { Applies };

/** One setting as the viewer's settings page shows it, its key one of the schema's. */
export interface SettingView extends Omit<WireSettingView, 'key'> {
  key: SettingKey;
}

/**
 * Hooks read settings.json on every run, so what only hooks use applies to the next captured
 * event; everything the worker reads is read once, at its start.
 */
const HOOK_SETTINGS: readonly string[] = [
  'worker.autoStart',
  'worker.startWaitMs',
  'recall.timeoutMs',
];
/** What the worker reads afresh for each compression batch (src/worker/team-share.ts). */
const COMPRESSION_SETTINGS: readonly string[] = ['team.share'];
const appliesTo = (key: string): Applies =>
  key.startsWith('capture.') || HOOK_SETTINGS.includes(key)
    ? 'next-hook'
    : COMPRESSION_SETTINGS.includes(key)
      ? 'next-compression'
      : 'restart';

function inputOf(key: SettingKey): Pick<SettingView, 'expected' | 'input' | 'choices'> {
  const spec = SETTINGS_SCHEMA[key];
  const probe = spec.check(undefined);
  const expected = probe.ok ? 'a value' : probe.expected;
  const fallback = spec.default as unknown;
  if (typeof fallback === 'boolean') return { expected, input: 'boolean' };
  if (typeof fallback === 'number') return { expected, input: 'integer' };
  if (Array.isArray(fallback)) return { expected, input: 'list' };
  // oneOf() says `one of a, b, c`; each listed value is checked against the spec below.
  const listed = /^one of (.+)$/.exec(expected)?.[1]?.split(', ') ?? [];
  const choices = listed.filter((value) => spec.check(value).ok);
  return choices.length > 0 ? { expected, input: 'choice', choices } : { expected, input: 'text' };
}

/**
 * Every setting with its value, default, words for people (group, label, help, effects) and
 * when a change applies, in the labels' order: the order the page shows within a group.
 */
export function describeSettings(
  dataDir: string,
  running: Settings,
  env: NodeJS.ProcessEnv,
): SettingView[] {
  const { settings, problems } = loadSettings(dataDir, env);
  return (Object.keys(SETTING_LABELS) as SettingKey[]).map((key) => ({
    key,
    value: settings[key],
    running: running[key],
    default: SETTINGS_SCHEMA[key].default,
    description: SETTINGS_SCHEMA[key].description,
    ...SETTING_LABELS[key],
    ...inputOf(key),
    applies: appliesTo(key),
    ...(env[envNameOf(key)] === undefined ? {} : { env: envNameOf(key) }),
    ...problemOf(problems, key),
  }));
}

function problemOf(problems: ReadonlyArray<{ key: string; message: string }>, key: string) {
  const problem = problems.find((p) => p.key === key);
  return problem ? { problem: problem.message } : {};
}

/** Each invalid entry of `values`, keyed by setting, with the schema's message. Empty: all valid. */
export function settingErrors(
  values: Record<string, unknown>,
  current: Readonly<Record<string, unknown>> = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  // Values valid each on their own that do not work together (openai without a model).
  const touched = 'compress.provider' in values || 'compress.openai.model' in values;
  const clash = touched ? incoherence({ ...current, ...values }) : undefined;
  if (clash) errors['compress.provider'] = clash;
  for (const [key, value] of Object.entries(values)) {
    if (!isSettingKey(key)) {
      errors[key] = 'unknown setting';
      continue;
    }
    const checked = SETTINGS_SCHEMA[key].check(value);
    if (!checked.ok) errors[key] = `expected ${checked.expected}`;
  }
  return errors;
}

/** Writes already validated `values` into settings.json (other keys of the file are kept). */
export function saveSettings(dataDir: string, values: Record<string, unknown>): void {
  // The provider last: saved before its model, openai would be refused as incomplete.
  const ordered = Object.entries(values).sort(
    ([a], [b]) => Number(a === 'compress.provider') - Number(b === 'compress.provider'),
  );
  for (const [key, value] of ordered) {
    const saved = saveSetting(dataDir, key, JSON.stringify(value));
    // Validated already: what is left is a settings.json that cannot be read (the first key
    // fails before anything is written).
    if (!saved.ok) throw new AppError('CONFLICT', saved.message);
  }
}
