import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './fs-atomic.ts';
import {
  SETTINGS_SCHEMA,
  envNameOf,
  isSettingKey,
  type SettingKey,
  type Settings,
} from './settings-schema.ts';
import { settingsFile } from './paths.ts';
import { incoherence } from './settings-coherence.ts';
import { misspeltSetting } from './env-names.ts';

/** A setting that could not be used as given; its default was used instead. */
export interface SettingProblem {
  key: string;
  source: 'file' | 'env';
  message: string;
}

/**
 * `worker.port (file): expected ...`, `CLAUDE_MEM_WORKER_PORT (worker.port): expected ...` for
 * a variable, or `settings.json: not valid JSON ...` for the file itself.
 */
export function problemText(problem: SettingProblem): string {
  if (problem.key === '(file)') return `settings.json: ${problem.message}`;
  if (problem.source === 'env' && isSettingKey(problem.key)) {
    return `${envNameOf(problem.key)} (${problem.key}): ${problem.message}`;
  }
  return `${problem.key} (${problem.source}): ${problem.message}`;
}

/** Problems of `CLAUDE_MEM_*` names that are close to a setting's but not it. */
function misspeltNames(env: NodeJS.ProcessEnv): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const name of Object.keys(env)) {
    const meant = misspeltSetting(name);
    if (meant === undefined) continue;
    const expected = SETTINGS_SCHEMA[meant].check(undefined);
    const takes = expected.ok ? '' : ` (${expected.expected})`;
    problems.push({
      key: name,
      source: 'env',
      message: `not a variable claude-mem reads (ignored): did you mean ${envNameOf(meant)}${takes}?`,
    });
  }
  return problems;
}

/** Settings plus what was wrong with the file or the environment. */
export interface LoadedSettings {
  settings: Settings;
  problems: SettingProblem[];
}

type Raw = Record<string, unknown>;

function readFileRaw(file: string, problems: SettingProblem[]): Raw {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Raw;
    problems.push({ key: '(file)', source: 'file', message: 'expected a JSON object' });
  } catch (error) {
    problems.push({ key: '(file)', source: 'file', message: `not valid JSON (${String(error)})` });
  }
  return {};
}

/** `{"worker":{"port":1}}` -> `{"worker.port":1}`; also accepts already dotted keys. */
export function flatten(raw: Raw, prefix = ''): Raw {
  const flat: Raw = {};
  for (const [name, value] of Object.entries(raw)) {
    const key = prefix + name;
    const nested = value && typeof value === 'object' && !Array.isArray(value);
    Object.assign(
      flat,
      nested && !isSettingKey(key) ? flatten(value as Raw, `${key}.`) : { [key]: value },
    );
  }
  return flat;
}

/**
 * Reads `settings.json` in the data folder and `CLAUDE_MEM_*` overrides. Never throws: an unknown
 * key or invalid value becomes a problem (with the key and what was expected) and the default is
 * used.
 */
export function loadSettings(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): LoadedSettings {
  const problems: SettingProblem[] = [];
  const fromFile = flatten(readFileRaw(settingsFile(dataDir), problems));
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(fromFile).filter((name) => !isSettingKey(name))) {
    problems.push({ key, source: 'file', message: 'unknown setting (ignored)' });
  }
  // Naming every setting's variable costs a hook ~0.1 ms (two regexes compiled cold), and most
  // environments set none of them.
  const anyFromEnv = Object.keys(env).some(
    (name) => name.startsWith('CLAUDE_MEM_') && name !== 'CLAUDE_MEM_DATA_DIR',
  );
  for (const key of Object.keys(SETTINGS_SCHEMA) as SettingKey[]) {
    const spec = SETTINGS_SCHEMA[key];
    values[key] = spec.default;
    const envText = anyFromEnv ? env[envNameOf(key)] : undefined;
    const candidates: Array<[SettingProblem['source'], unknown]> = [];
    if (key in fromFile) candidates.push(['file', fromFile[key]]);
    if (envText !== undefined) candidates.push(['env', spec.fromEnv(envText)]);
    for (const [source, raw] of candidates) {
      const checked = spec.check(raw);
      if (checked.ok) values[key] = checked.value;
      else
        problems.push({ key, source, message: `expected ${checked.expected}, got ${show(raw)}` });
    }
  }
  if (anyFromEnv) problems.push(...misspeltNames(env));
  const clash = incoherence(values);
  if (clash) problems.push({ key: 'compress.provider', source: 'file', message: clash });
  return { settings: values as Settings, problems };
}

/** A refused value as a problem names it: a password in a URL (user part or query) masked. */
function show(raw: unknown): string {
  const text = (JSON.stringify(raw) ?? String(raw))
    .replace(/(\/\/[^:@/\s"]*:)[^@\s"]*@/g, '$1***@')
    .replace(/([?&]password=)[^&\s"]*/gi, '$1***');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The outcome of `config set`. */
export type SetResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Validates and writes one setting into `settings.json`, keeping every other key of the file.
 * `text` is what a user typed: JSON (`4000`, `["Read"]`, `true`) or a plain string.
 */
export function saveSetting(dataDir: string, key: string, text: string): SetResult {
  if (!isSettingKey(key)) return { ok: false, message: `unknown setting "${key}"` };
  const spec = SETTINGS_SCHEMA[key];
  const checked = spec.check(parseTyped(text, spec.fromEnv));
  if (!checked.ok) return { ok: false, message: `${key}: expected ${checked.expected}` };
  const file = settingsFile(dataDir);
  const problems: SettingProblem[] = [];
  const raw = readFileRaw(file, problems);
  // Writing over a file we cannot read would drop every other setting the user has in it.
  const unreadable = problems[0];
  if (unreadable) {
    return {
      ok: false,
      message: `${file}: ${unreadable.message}; fix or remove it first (nothing was saved)`,
    };
  }
  setNested(raw, key, checked.value);
  const clash = incoherence(flatten(raw));
  if (clash) return { ok: false, message: `${clash} (nothing was saved)` };
  writeFileAtomic(file, `${JSON.stringify(raw, null, 2)}\n`, 0o600);
  return { ok: true, value: checked.value };
}

function parseTyped(text: string, fallback: (text: string) => unknown): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? fallback(value) : value;
  } catch {
    return fallback(text);
  }
}

function setNested(raw: Raw, key: string, value: unknown): void {
  delete raw[key];
  const parts = key.split('.');
  let node = raw;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node[part] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
    node = node[part] as Raw;
  }
  node[parts.at(-1) ?? key] = value;
}
