import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { openDatabase, type Db } from '../../src/store/index.ts';
import { createTestHome, HOOK_BUNDLE, type TestHome } from './env.ts';
import { waitForNoWorkers } from './proc.ts';
import { stopWorker } from './worker.ts';

/** A test home with a project folder (not a git repository: its name is the folder's). */
export interface RecallHome extends TestHome {
  projectDir: string;
  project: string;
}

/**
 * A temp data folder, port and project folder `<root>/<project>`, the worker stopped and the
 * folder removed when the test ends. The hash embedder keeps workers light unless overridden.
 */
export async function recallHome(
  t: TestContext,
  project = 'alpha',
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RecallHome> {
  const home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'hash', ...extraEnv });
  const projectDir = join(dirname(home.dataDir), project);
  mkdirSync(projectDir, { recursive: true });
  // Every worker started in the home's folder (its own, and any other data folder inside it,
  // such as a demo's) is stopped before the folder goes: a test's own `t.after` registered later
  // runs after this one, when the folder and its PID files would already be gone.
  const root = dirname(home.dataDir);
  t.after(async () => {
    for (const name of readdirSync(root)) await stopWorker({ ...home, dataDir: join(root, name) });
    // Such a worker wrote its log while the folder was being removed (ENOTEMPTY) when the
    // hook that started it came back quickly.
    await waitForNoWorkers(readdirSync(root).map((name) => join(root, name)));
    home.cleanup();
  });
  return { ...home, projectDir, project };
}

/** Opens the home's database (created and migrated if new), runs `fill`, closes it. */
export function withDatabase<T>(home: TestHome, fill: (db: Db) => T): T {
  mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(join(home.dataDir, 'claude-mem.db'));
  try {
    return fill(db);
  } finally {
    db.close();
  }
}

/** Runs the hook bundle for `event` as session `session` in the home's project folder would. */
export function projectHook(
  home: RecallHome,
  session: string,
  event: string,
  extra: Record<string, unknown>,
): Promise<HookRun> {
  const payload = {
    session_id: session,
    transcript_path: join(home.projectDir, `${session}.jsonl`),
    cwd: home.projectDir,
    hook_event_name: event,
    ...extra,
  };
  return runHookProcess(HOOK_BUNDLE, event, JSON.stringify(payload), home.env);
}

/** The parts of a hook's answer the recall tests read. */
export interface HookAnswer {
  hookSpecificOutput?: { hookEventName?: string; additionalContext?: string };
}

/** The additionalContext of a hook's answer, or '' when it has none. */
export const contextOf = (stdout: string): string =>
  (JSON.parse(stdout) as HookAnswer).hookSpecificOutput?.additionalContext ?? '';
