import { dataDirFrom, isSettingKey, loadSettings, problemText } from '../config/index.ts';

/** Commands that report settings problems themselves (config, doctor) or must print nothing. */
const SILENT = new Set(['config', 'doctor', 'hook']);

/**
 * Names on stderr, before a command runs, each `CLAUDE_MEM_*` variable that is ignored: a value
 * its setting does not take, or a name that is almost a setting's (`CLAUDE_MEM_WORKER_AUTOSTART`).
 * The command still runs, with the default, as the worker and the hooks do.
 */
export function warnEnvProblems(
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  write: (text: string) => void = (text) => process.stderr.write(text),
): void {
  if (command === undefined || SILENT.has(command)) return;
  const ours = Object.keys(env).some(
    (name) => name.startsWith('CLAUDE_MEM_') && name !== 'CLAUDE_MEM_DATA_DIR',
  );
  if (!ours) return;
  const { problems } = loadSettings(dataDirFrom(env), env);
  for (const problem of problems.filter((p) => p.source === 'env')) {
    const fallback = isSettingKey(problem.key) ? '; the default is used' : '';
    write(`claude-mem: warning: ${problemText(problem)}${fallback}\n`);
  }
}
