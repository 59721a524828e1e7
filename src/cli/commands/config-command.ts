import type { Print } from '../cli-command.ts';
import {
  SETTINGS_SCHEMA,
  dataDirFrom,
  envNameOf,
  isSettingKey,
  loadSettings,
  problemText,
  saveSetting,
  settingsFile,
  ensureDataDir,
  type SettingKey,
} from '../../config/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';
import { commandEntry } from '../command-entry.ts';

/** `claude-mem config list|get|set|path`. */
export function configCommand(args: string[], print: Print, env = process.env): number {
  const dataDir = dataDirFrom(env);
  const [action, key, ...rest] = args;
  switch (action) {
    case 'list':
      return list(dataDir, env, print);
    case 'get':
      if (!key) throw usage('config get needs a key');
      checkKey(key);
      print(JSON.stringify(loadSettings(dataDir, env).settings[key]));
      return 0;
    case 'set': {
      if (!key || rest.length === 0) throw usage('config set needs a key and a value');
      checkKey(key);
      ensureDataDir(dataDir);
      const result = saveSetting(dataDir, key, rest.join(' '));
      if (!result.ok) throw new CliError(result.message, 2);
      print(`${key} = ${JSON.stringify(result.value)} (saved to ${settingsFile(dataDir)})`);
      return 0;
    }
    case 'path':
      print(`data folder: ${dataDir}\nsettings:    ${settingsFile(dataDir)}`);
      return 0;
    default:
      throw usage(
        `unknown config action "${action ?? ''}": expected list, get, set or path.${didYouMean(action ?? '', ACTIONS)}`,
      );
  }
}

const ACTIONS = ['list', 'get', 'set', 'path'];

/** A settings key, or a usage error that points at the list and the nearest key. */
function checkKey(key: string): asserts key is SettingKey {
  if (isSettingKey(key)) return;
  const keys = Object.keys(SETTINGS_SCHEMA);
  throw new CliError(
    `unknown setting "${key}": "claude-mem config list" shows every key.${didYouMean(key, keys)}`,
    2,
  );
}

function list(dataDir: string, env: NodeJS.ProcessEnv, print: Print): number {
  const { settings, problems } = loadSettings(dataDir, env);
  for (const key of Object.keys(SETTINGS_SCHEMA) as SettingKey[]) {
    const overridden = env[envNameOf(key)] !== undefined ? ` (from ${envNameOf(key)})` : '';
    print(`${key} = ${JSON.stringify(settings[key])}${overridden}`);
    print(`    ${SETTINGS_SCHEMA[key].description}`);
  }
  for (const problem of problems) {
    // A variable that is no setting's (a misspelt name) has no default to fall back on.
    const ignored = problem.source === 'env' && !isSettingKey(problem.key);
    print(`! ${problemText(problem)}${ignored ? '' : '; default used'}`);
  }
  return problems.length > 0 ? 1 : 0;
}

/** `claude-mem config`: its help, options and handler (the command table's entry). */
export const CONFIG_COMMAND = commandEntry(
  'config list',
  'Every setting, its value and where it came from',
  configCommand,
  {
    more: [
      { usage: ['config get <key>'], text: "One setting's value" },
      {
        usage: ['config set <key> <value>'],
        text: 'Validate and save a setting (value as JSON or text)',
      },
      { usage: ['config path'], text: 'Where the data folder and settings file are' },
    ],
  },
);
