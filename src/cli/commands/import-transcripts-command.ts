import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeConfigDir } from '../../compress/providers/claude-detect.ts';
import { dataDirFrom, ensureDataDir, loadSettings, type Settings } from '../../config/index.ts';
import { parseTime } from '../../search/index.ts';
import { confirm } from '../admin/confirm.ts';
import { adminWorker, runningAdminWorker, type AdminWorker } from '../admin/worker-admin.ts';
import { loadBackfillState } from '../backfill/backfill-state.ts';
import { NO_COST, addCost } from '../backfill/cost-estimate.ts';
import { previewLines, providerInUse } from '../backfill/preview.ts';
import { createScanProgress } from '../backfill/scan-progress.ts';
import { createProgress, type ProgressStream } from '../backfill/progress.ts';
import { sendSessions, type SessionAnalysis } from '../backfill/run-backfill.ts';
import { chooseSessions } from '../backfill/select-sessions.ts';
import { NO_SESSION, planSessions, transcriptPaths } from '../backfill/session-plan.ts';
import { CliError, usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** Ambient parts of `import-transcripts`; defaults are the real process. */
export interface BackfillCommandDeps extends CompressCommandDeps {
  stdin?: NodeJS.ReadableStream;
  stderr?: ProgressStream;
  now?: () => number;
}

/** The options `import-transcripts` accepts. */
export const IMPORT_TRANSCRIPTS_OPTIONS = {
  since: FLAG.since,
  project: FLAG.project,
  'dry-run': FLAG['dry-run'],
  yes: FLAG.yes,
} as const;

function parse(args: string[], env: NodeJS.ProcessEnv, settings: Settings, now: number) {
  const { values, positionals } = parseWithPositionals(args, IMPORT_TRANSCRIPTS_OPTIONS);
  const roots = positionals.length > 0 ? positionals : [join(claudeConfigDir(env), 'projects')];
  const missing = roots.find((root) => !existsSync(root));
  if (missing) throw new CliError(`no transcripts at ${missing}`);
  // Sessions older than the retention limit would be deleted by its next run: leave them out.
  const maxAge = settings['retention.maxAgeDays'];
  const since = values.since
    ? sinceOf(values.since, now)
    : maxAge > 0
      ? now - maxAge * 86_400_000
      : undefined;
  return {
    roots,
    since,
    project: values.project,
    dryRun: values['dry-run'] === true,
    yes: values.yes === true,
  };
}

function sinceOf(text: string, now: number): number {
  try {
    return parseTime(text, 'since', now);
  } catch (error) {
    throw usage(`--${(error as Error).message}`);
  }
}

function withMarkerDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-backfill-'));
  mkdirSync(join(dir, 'state'), { mode: 0o700 });
  return run(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** Sends the chosen sessions with a progress display on stderr; returns the totals. */
function importChosen(
  chosen: SessionAnalysis[],
  run: {
    worker: AdminWorker;
    settings: Settings;
    markerDir: string;
    dataDir: string;
    stderr: ProgressStream;
  },
) {
  const progress = createProgress({
    totalEvents: chosen.reduce((sum, a) => sum + a.events, 0),
    totalSessions: chosen.length,
    stream: run.stderr,
  });
  const client = {
    send: (events: unknown[]) =>
      run.worker.post<{ stored: number; duplicates: number }>('/api/admin/backfill/events', {
        events,
      }),
  };
  return sendSessions(chosen, { ...run, client, state: loadBackfillState(run.dataDir), progress });
}

/**
 * `claude-mem import-transcripts [--since DATE] [--project NAME] [--dry-run] [--yes] [paths...]`:
 * backfills memory from past Claude Code transcripts (default `~/.claude/projects`) through the
 * hooks' own capture, prints a cost preview, asks before an LLM provider spends tokens, and
 * sends whole turns to the worker. Idempotent and resumable (see run-backfill.ts).
 */
export const importTranscriptsCommand: Command<BackfillCommandDeps> =
  async function importTranscriptsCommand(args, print, deps = {}) {
    const env = deps.env ?? process.env;
    const dataDir = dataDirFrom(env);
    ensureDataDir(dataDir);
    const { settings } = loadSettings(dataDir, env);
    const options = parse(args, env, settings, (deps.now ?? Date.now)());
    const stderr = deps.stderr ?? process.stderr;
    const paths = transcriptPaths(options.roots);
    let empty = 0;
    const progress = createScanProgress(stderr, paths.length, deps.now);
    const plans = planSessions(
      paths,
      env,
      (path, why) =>
        why === NO_SESSION ? (empty += 1) : stderr.write(`skipped ${path}: ${why}\n`),
      progress.scanned,
    );
    const worker = options.dryRun ? runningAdminWorker(env) : await adminWorker(deps);
    return withMarkerDir(async (markerDir) => {
      const run = { worker, dataDir, settings, markerDir, filters: options, ...progress };
      const { chosen, leftOut } = await chooseSessions(plans, run);
      const cost = chosen.reduce((sum, a) => addCost(sum, a.cost), NO_COST);
      const provider = await providerInUse(worker, settings, env);
      previewLines(
        { files: paths.length, empty, sessions: plans.length, leftOut },
        cost,
        provider,
      ).forEach(print);
      if (!worker) print('(the worker is not running: sessions it already holds are counted in)');
      if (options.dryRun || !worker || chosen.length === 0) return 0;
      const io = { stdin: deps.stdin ?? process.stdin, stderr };
      if (provider.llm && !options.yes && !(await confirm(`Compress with ${provider.name}?`, io))) {
        print('nothing imported');
        return 1;
      }
      const totals = await importChosen(chosen, { worker, settings, markerDir, dataDir, stderr });
      print(
        `imported ${totals.sessions} sessions: ${totals.stored} events stored, ${totals.duplicates} already there`,
      );
      print(
        'the worker compresses them in the background; "claude-mem status" shows how far it got',
      );
      return 0;
    });
  };

/** `claude-mem import-transcripts`: its help, options and handler (the command table's entry). */
export const IMPORT_TRANSCRIPTS_COMMAND = commandEntry(
  'import-transcripts [--since DATE] [--project NAME] [--dry-run] [-y|--yes] [paths...]',
  'Backfill memory from past Claude Code transcripts (default ~/.claude/projects); shows a cost preview and asks before an LLM compresses; rerun to resume',
  importTranscriptsCommand,
  { options: IMPORT_TRANSCRIPTS_OPTIONS },
);
