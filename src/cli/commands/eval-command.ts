import { EVAL_OPTIONS } from '../eval/eval-options.ts';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { dataDirFrom, loadSettings, type Settings } from '../../config/index.ts';
import { confirm } from '../admin/confirm.ts';
import { createProgress, type ProgressStream } from '../backfill/progress.ts';
import { filterPlans } from '../backfill/select-sessions.ts';
import { planSessions, transcriptPaths, type SessionPlan } from '../backfill/session-plan.ts';
import { CliError } from '../cli-error.ts';
import type { Command } from '../command.ts';
import { evalCostLines } from '../eval/eval-cost.ts';
import { evalMetrics } from '../eval/eval-metrics.ts';
import { parseEvalArgs, type EvalRequest } from '../eval/eval-options.ts';
import { runEval } from '../eval/eval-run.ts';
import { evalTable, type EvalColumn } from '../eval/eval-table.ts';
import { commandEntry } from '../command-entry.ts';

/** Ambient parts of `eval`; defaults are the real process. */
export interface EvalCommandDeps {
  env?: NodeJS.ProcessEnv;
  stdin?: NodeJS.ReadableStream;
  stderr?: ProgressStream;
  now?: () => number;
  /** Where the throwaway stores go (default the system's temp folder). */
  tmpDir?: string;
}

/** One configuration to replay: its column name and settings. */
interface EvalConfig {
  name: string;
  settings: Settings;
}

function configsOf(request: EvalRequest, settings: Settings): EvalConfig[] {
  const base: Settings =
    request.provider === 'heuristic' ? { ...settings, 'compress.provider': 'heuristic' } : settings;
  const configs = [{ name: 'as configured', settings: base }];
  const compare = request.compare;
  if (compare)
    configs.push({ name: compare.text, settings: { ...base, [compare.key]: compare.value } });
  return configs;
}

/** A throwaway folder per configuration and set of transcripts: the same run resumes there. */
function workDirOf(tmp: string, config: EvalConfig, plans: readonly SessionPlan[]): string {
  const key = createHash('sha256')
    .update(JSON.stringify([config.settings, plans.map((p) => [p.sessionId, p.signature])]))
    .digest('hex')
    .slice(0, 16);
  return join(tmp, 'claude-mem-eval', key);
}

function sessionsOf(request: EvalRequest, env: NodeJS.ProcessEnv, stderr: ProgressStream) {
  const plans = planSessions(transcriptPaths([request.dir]), env, (path, why) => {
    if (why !== 'no session in it') stderr.write(`skipped ${path}: ${why}\n`);
  });
  return filterPlans(plans, { since: request.since, project: request.project }, {});
}

async function replay(config: EvalConfig, plans: SessionPlan[], deps: Required<EvalCommandDeps>) {
  const workDir = workDirOf(deps.tmpDir, config, plans);
  const realDir = dataDirFrom(deps.env);
  // Never the user's store: the throwaway folder must lie outside the data folder.
  if (!relative(realDir, workDir).startsWith('..')) {
    throw new CliError(`the temp folder ${workDir} is inside the data folder ${realDir}`);
  }
  const progress =
    deps.stderr.isTTY === true
      ? createProgress({
          totalEvents: plans.length,
          totalSessions: undefined,
          stream: deps.stderr,
          label: `eval (${config.name})`,
          units: ['sessions', 'turns'],
        })
      : undefined;
  const results = await runEval({
    plans,
    settings: config.settings,
    workDir,
    env: deps.env,
    progress,
  });
  rmSync(workDir, { recursive: true, force: true });
  return { name: config.name, metrics: evalMetrics(results) } satisfies EvalColumn;
}

/**
 * `claude-mem eval [--dir DIR] [--compare KEY=VALUE] [--provider heuristic|configured]
 * [--since DATE] [--project P] [--json] [-y]`: replays the user's own transcripts in time
 * order into a throwaway store and reports, per recall moment, how often it reached the calls
 * that repeated earlier sessions' work and what it cost in tokens. The real store is never
 * opened; an interrupted run resumes from its last save.
 */
export const evalCommand: Command<EvalCommandDeps> = async function evalCommand(
  args,
  print,
  given = {},
) {
  const env = given.env ?? process.env;
  const deps: Required<EvalCommandDeps> = {
    env,
    stdin: given.stdin ?? process.stdin,
    stderr: given.stderr ?? process.stderr,
    now: given.now ?? Date.now,
    tmpDir: given.tmpDir ?? tmpdir(),
  };
  const request = parseEvalArgs(args, env, deps.now());
  // Read only: the settings file is never written and the database never opened.
  const { settings } = loadSettings(dataDirFrom(env), env);
  const plans = sessionsOf(request, env, deps.stderr);
  const configs = configsOf(request, settings);
  if (request.provider === 'configured') {
    const cost = await evalCostLines(plans, configs[0]!.settings, env, configs.length);
    cost.lines.forEach(print);
    if (cost.llm && !request.yes && !(await confirm('Replay with this provider?', deps))) {
      print('nothing replayed');
      return 1;
    }
  }
  const columns: EvalColumn[] = [];
  for (const config of configs) columns.push(await replay(config, plans, deps));
  if (request.json) {
    print(JSON.stringify({ dir: request.dir, provider: request.provider, columns }, null, 2));
    return 0;
  }
  print(
    `eval: ${plans.length} sessions from ${request.dir}, replayed in time order into a throwaway store (${request.provider === 'heuristic' ? 'heuristic compression' : 'the configured compression'}, full-text recall); your memory was not touched`,
  );
  print('');
  evalTable(columns).forEach(print);
  return 0;
};

/** `claude-mem eval`: its help, options and handler (the command table's entry). */
export const EVAL_COMMAND = commandEntry(
  [
    'eval [--dir DIR] [--compare KEY=VALUE] [--provider heuristic|configured] [--since DATE]',
    '     [--project P] [--json] [-y|--yes]',
  ],
  'Replay past transcripts (default ~/.claude/projects) in time order into a throwaway store and report, per recall moment, how often memory reached the calls that repeated earlier work and its tokens per turn; --compare runs again with one setting changed (two columns). Heuristic compression unless --provider configured (cost preview, then asks). Your memory is not touched; rerun to resume',
  evalCommand,
  { options: EVAL_OPTIONS },
);
