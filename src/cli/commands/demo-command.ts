import type { CliContext, Print } from '../cli-command.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  liveWorker,
  readOrCreateToken,
  requestOpenLink,
  workerRequest,
} from '../../client/index.ts';
import { makeDirs } from '../../config/index.ts';
import { replayTranscript } from '../../transcripts/index.ts';
import { runHookProcess } from '../hook-process.ts';
import { CliError } from '../cli-error.ts';
import { DEMO_MARKER as MARKER } from '../doctor/demo-folder.ts';
import { parseOptions } from '../parse-options.ts';
import { selfCommand } from '../install/package-name.ts';
import { eventLines, promptLines } from './demo-report.ts';
import { workerCommand } from './worker-command.ts';
import { contextEntry } from '../command-entry.ts';

/** The options `demo` accepts. */
export const DEMO_OPTIONS = {
  'data-dir': { type: 'string' },
  port: { type: 'string' },
} as const;

/** Where the demo fixture lives: shipped in the package next to dist/. */
function fixtureFile(cliEntry: string): string {
  return join(dirname(cliEntry), '..', 'fixtures', 'demo', 'session.jsonl');
}

function resetDataDir(dataDir: string): void {
  if (existsSync(dataDir) && !existsSync(join(dataDir, MARKER))) {
    throw new CliError(`${dataDir} exists and is not a demo folder; choose another --data-dir`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  makeDirs(dataDir);
  // Private like every data folder, so that doctor passes on it.
  writeFileSync(join(dataDir, MARKER), 'claude-mem demo data; safe to delete\n', { mode: 0o600 });
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function waitForIngest(port: number, token: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const res = await workerRequest(port, '/health', { token });
    if ((res.body as { queue?: { spool?: number } }).queue?.spool === 0) return;
    await sleep(100);
  }
}

/**
 * `claude-mem demo`: starts a worker on its own data folder, replays the sample session through
 * the real hook commands, and prints what was captured and what the next session is told.
 */
export async function demoCommand(args: string[], deps: CliContext) {
  const values = parseOptions(args, DEMO_OPTIONS);
  const dataDir = values['data-dir'] ?? join(tmpdir(), 'claude-mem-demo');
  const port = values.port ?? '37778';
  const env = { ...process.env, CLAUDE_MEM_DATA_DIR: dataDir, CLAUDE_MEM_WORKER_PORT: port };
  if (liveWorker(dataDir)) await workerCommand(['stop'], { ...deps, env, print: () => undefined });
  resetDataDir(dataDir);
  const projectDir = join(dataDir, 'acme-api');
  mkdirSync(projectDir, { recursive: true, mode: 0o700 });
  await workerCommand(['start'], { ...deps, env });
  const hookBundle = join(dirname(deps.cliEntry), 'hook.cjs');
  const text = readFileSync(fixtureFile(deps.cliEntry), 'utf8').replaceAll('{{cwd}}', projectDir);
  const payloads = replayTranscript(text, { cwd: projectDir, sessionId: 'demo-session-0001' });
  for (const payload of payloads) {
    await runHookProcess(
      hookBundle,
      payload.hook_event_name,
      JSON.stringify(payload),
      env,
      projectDir,
    );
  }
  const token = readOrCreateToken(dataDir);
  await waitForIngest(Number(port), token);
  const originals = payloads.flatMap((payload) =>
    payload.hook_event_name === 'UserPromptSubmit' ? [String(payload.prompt)] : [],
  );
  await report(originals, { port: Number(port), token }, hookBundle, projectDir, env, deps.print);
  const link = await requestOpenLink(Number(port), dataDir);
  deps.print(`\nThe worker keeps running for you to explore (a one-time link): ${link}`);
  deps.print(
    `Stop it with: CLAUDE_MEM_DATA_DIR=${dataDir} ${selfCommand(deps.cliEntry)} worker stop`,
  );
  return 0;
}

async function report(
  originals: readonly string[],
  { port, token }: { port: number; token: string },
  hookBundle: string,
  projectDir: string,
  env: NodeJS.ProcessEnv,
  print: Print,
) {
  const get = async (path: string) =>
    ((await workerRequest(port, path, { token })).body as { items: Array<Record<string, unknown>> })
      .items;
  const prompts = await get('/api/prompts?limit=500');
  const events = await get('/api/events?limit=500');
  print(`\nCaptured ${prompts.length} prompts and ${events.length} tool events:`);
  for (const line of promptLines(prompts.reverse(), originals)) print(line);
  for (const line of eventLines(events.reverse())) print(line);
  const next = {
    session_id: 'demo-session-0002',
    cwd: projectDir,
    hook_event_name: 'SessionStart',
    source: 'startup',
    transcript_path: '',
  };
  const run = await runHookProcess(
    hookBundle,
    'SessionStart',
    JSON.stringify(next),
    env,
    projectDir,
  );
  const output = JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } };
  print('\nWhat the next session is told at SessionStart:');
  print(output.hookSpecificOutput?.additionalContext ?? '  (nothing yet)');
}

/** `claude-mem demo`: its help, options and handler (the command table's entry). */
export const DEMO_COMMAND = contextEntry(
  'demo [--data-dir DIR] [--port N]',
  'Replay a sample session through the real hooks and show what was captured (uses its own data folder)',
  demoCommand,
  { options: DEMO_OPTIONS },
);
