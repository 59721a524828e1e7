import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { claudeConfigDir } from '../../compress/providers/claude-detect.ts';
import { SETTINGS_SCHEMA, isSettingKey, type Settings } from '../../config/index.ts';
import { parseTime } from '../../search/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { parseOptions } from '../parse-options.ts';
import { didYouMean } from '../suggest.ts';
import { FLAG } from '../common-options.ts';

/** The options `eval` accepts. */
export const EVAL_OPTIONS = {
  dir: { type: 'string' },
  compare: { type: 'string' },
  provider: { type: 'string' },
  since: FLAG.since,
  project: FLAG.project,
  json: FLAG.json,
  yes: FLAG.yes,
} as const;

/** One setting changed for the second run of `--compare`. */
export interface SettingOverride {
  key: keyof Settings;
  value: unknown;
  /** As typed: `recall.promptTime=false`, the column's name. */
  text: string;
}

/** What `eval` was asked. */
export interface EvalRequest {
  dir: string;
  compare: SettingOverride | undefined;
  /** `configured`: the user's compression provider (after a cost preview), else heuristic. */
  provider: 'heuristic' | 'configured';
  since: number | undefined;
  project: string | undefined;
  json: boolean;
  yes: boolean;
}

/** `key=value` as a checked setting override; errors name the key and what it takes. */
export function parseOverride(text: string): SettingOverride {
  const at = text.indexOf('=');
  if (at <= 0)
    throw usage(`--compare: expected KEY=VALUE (as in recall.promptTime=false), got "${text}"`);
  const key = text.slice(0, at).trim();
  if (!isSettingKey(key)) {
    throw usage(
      `--compare: unknown setting "${key}".${didYouMean(key, Object.keys(SETTINGS_SCHEMA))}`,
    );
  }
  const spec = SETTINGS_SCHEMA[key];
  const checked = spec.check(spec.fromEnv(text.slice(at + 1)));
  if (!checked.ok) throw usage(`--compare: ${key} expects ${checked.expected}`);
  return { key, value: checked.value, text: `${key}=${String(checked.value)}` };
}

function providerOf(text: string | undefined): EvalRequest['provider'] {
  if (text === undefined || text === 'heuristic') return 'heuristic';
  if (text === 'configured') return 'configured';
  throw usage(`--provider: expected heuristic or configured, got "${text}"`);
}

function sinceOf(text: string | undefined, now: number): number | undefined {
  if (text === undefined) return undefined;
  try {
    return parseTime(text, 'since', now);
  } catch (error) {
    throw usage(`--${(error as Error).message}`);
  }
}

/** Parses `eval`'s arguments; the transcripts folder must exist. */
export function parseEvalArgs(args: string[], env: NodeJS.ProcessEnv, now: number): EvalRequest {
  const values = parseOptions(args, EVAL_OPTIONS);
  const dir = values.dir ?? join(claudeConfigDir(env), 'projects');
  if (!existsSync(dir)) throw new CliError(`--dir: no transcripts at ${dir}`);
  return {
    dir,
    compare: values.compare === undefined ? undefined : parseOverride(values.compare),
    provider: providerOf(values.provider),
    since: sinceOf(values.since, now),
    project: values.project,
    json: values.json === true,
    yes: values.yes === true,
  };
}
