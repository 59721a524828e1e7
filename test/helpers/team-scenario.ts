import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { workerRequest } from '../../src/client/index.ts';
import { cli } from './cli.ts';
import { queryDb } from './db.ts';
import { eventually as poll } from './eventually.ts';
import { createTestHome, HOOK_BUNDLE, type TestHome } from './env.ts';
import type { PostgresServer } from './postgres-server.ts';
import { makeClone } from './team-fixture.ts';
import { startWorker, stopWorker, tokenOf } from './worker.ts';

/** One prompt of a scripted session: what is asked, and the function its edit adds to a file. */
export interface Turn {
  prompt: string;
  /** Relative to the clone: the file the turn edits. */
  file: string;
  /** The function the edit adds (the heuristic titles the change by it). */
  fn: string;
}

/** A team member's machine: a data folder, a clone of the team's repository, a real worker. */
export interface ScenarioMember {
  role: string;
  home: TestHome;
  root: string;
  project: string;
  /** What `team connect` printed. */
  connected: string;
  /** Runs one hook of `session` through the real hook bundle, in the clone. */
  hook(session: string, event: string, fields?: Record<string, unknown>): Promise<HookRun>;
  /**
   * A session through the hooks: start, each turn (prompt, file-time recall, edit, Stop), end.
   * Returns the SessionStart context.
   */
  runSession(session: string, turns: readonly Turn[]): Promise<string>;
  /** One turn of `session` through the hooks: prompt, file-time recall, edit, Stop. */
  turn(session: string, n: number, step: Turn): Promise<void>;
  /** The additionalContext a hook answered (empty when it answered none). */
  contextOf(run: HookRun): string;
  /** Rows of the member's store (read-only). */
  query<T>(sql: string, ...params: unknown[]): T[];
  /** The worker's answer to GET `path`. */
  get(path: string): Promise<unknown>;
}

/** Settings every member shares: the heuristic provider, share all, quick rounds, roomy recall. */
const MEMBER_ENV: NodeJS.ProcessEnv = {
  CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic',
  CLAUDE_MEM_TEAM_SHARE: 'all',
  CLAUDE_MEM_TEAM_SYNC_EVERY_MS: '300',
  // Room for every member's memories in one index, and hooks that wait for a busy worker: the
  // scenario checks what arrives, not the budgets (their own tests do).
  CLAUDE_MEM_CONTEXT_MAX_TOKENS: '2000',
  CLAUDE_MEM_CONTEXT_MAX_OBSERVATIONS: '300',
  CLAUDE_MEM_RECALL_TIMEOUT_MS: '2000',
};

interface Answer {
  hookSpecificOutput?: { additionalContext?: string };
}

/** The additionalContext a hook answered (empty when it answered none). */
const contextOf = (run: HookRun): string =>
  (JSON.parse(run.stdout || '{}') as Answer).hookSpecificOutput?.additionalContext ?? '';

/**
 * A member joins: a home with its own worker port, a clone `folder` of the repository at
 * `remote`, `team connect` run in the clone (which pulls it at once) or, with `connectIn:
 * 'home'`, outside any clone (then the first SessionStart in the clone pulls), then the worker.
 * `env` overrides settings (a bench's sync interval).
 */
export async function joinTeam(
  t: { after(fn: () => void | Promise<void>): void },
  server: PostgresServer,
  member: { role: string; folder: string; remote: string; connectIn?: 'clone' | 'home' },
  env: NodeJS.ProcessEnv = {},
): Promise<ScenarioMember> {
  const home = await createTestHome({ ...MEMBER_ENV, ...env });
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  const root = makeClone(dirname(home.dataDir), member.folder, member.remote);
  mkdirSync(join(root, 'src'), { recursive: true });
  const connectDir = member.connectIn === 'home' ? dirname(home.dataDir) : root;
  const connect = await cli(
    ['team', 'connect', server.urlFor(member.role), '--team', 'acme'],
    home.env,
    connectDir,
  );
  assert.equal(connect.code, 0, connect.stderr);
  await startWorker(home);
  const hook = (session: string, event: string, fields: Record<string, unknown> = {}) => {
    const payload = { session_id: session, transcript_path: '', cwd: root, hook_event_name: event };
    return runHookProcess(HOOK_BUNDLE, event, JSON.stringify({ ...payload, ...fields }), home.env);
  };
  const turn = async (session: string, n: number, step: Turn): Promise<void> => {
    await hook(session, 'UserPromptSubmit', { prompt: step.prompt });
    const edit = {
      tool_name: 'Edit',
      tool_use_id: `${session}-edit-${n}`,
      tool_input: {
        file_path: join(root, step.file),
        old_string: '// end',
        new_string: `export function ${step.fn}() {\n  return 1;\n}\n// end`,
      },
    };
    await hook(session, 'PreToolUse', edit);
    await hook(session, 'PostToolUse', { ...edit, tool_response: { success: true } });
    await hook(session, 'Stop', { last_assistant_message: `Done: ${step.fn}.` });
  };
  return {
    role: member.role,
    home,
    root,
    project: member.folder,
    connected: connect.stdout,
    hook,
    async runSession(session, turns) {
      const start = await hook(session, 'SessionStart', { source: 'startup' });
      for (const [n, step] of turns.entries()) await turn(session, n + 1, step);
      await hook(session, 'SessionEnd', { reason: 'logout' });
      return contextOf(start);
    },
    turn,
    contextOf,
    query: (sql, ...params) => queryDb(home.dataDir, sql, ...params),
    get: async (path) =>
      (await workerRequest(home.port, path, { token: tokenOf(home), timeoutMs: 30_000 })).body,
  };
}

/** `eventually` with the scenario's patience: a flood of rows on a loaded machine takes long. */
export const eventually = <T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 90_000,
): Promise<T> => poll(what, probe, ms, 250);
