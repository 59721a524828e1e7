import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { workerRequest } from '../../src/client/index.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from './env.ts';
import { startWorker, tokenOf } from './worker.ts';

/** A tool call of a turn: name, input and response as Claude Code sends them. */
export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
  response: unknown;
}

/** One turn of a session: a prompt, its tool calls and the final answer. */
export interface Turn {
  sessionId: string;
  cwd: string;
  prompt: string;
  tools: ToolCall[];
  answer: string;
}

/** An Edit of `file` from 'a' to `newText`, with the empty response Claude Code may send. */
export const editCall = (file: string, newText = 'b'): ToolCall => ({
  name: 'Edit',
  input: { file_path: file, old_string: 'a', new_string: newText },
  response: {},
});

let toolSeq = 0;

/** Sends `payload` through the real hook command, as Claude Code would. */
export async function hook(home: TestHome, event: string, payload: Record<string, unknown>) {
  const run = await runHookProcess(
    HOOK_BUNDLE,
    event,
    JSON.stringify({ hook_event_name: event, transcript_path: '', ...payload }),
    home.env,
    String(payload.cwd ?? dirname(home.dataDir)),
  );
  if (run.code !== 0) throw new Error(`hook ${event} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** Runs a whole turn through the hooks: UserPromptSubmit, PostToolUse per tool, Stop. */
export async function runTurn(home: TestHome, turn: Turn): Promise<void> {
  const base = { session_id: turn.sessionId, cwd: turn.cwd };
  await hook(home, 'UserPromptSubmit', { ...base, prompt: turn.prompt });
  for (const tool of turn.tools) {
    toolSeq += 1;
    await hook(home, 'PostToolUse', {
      ...base,
      tool_name: tool.name,
      tool_input: tool.input,
      tool_response: tool.response,
      tool_use_id: `toolu_viewer_${process.pid}_${toolSeq}`,
    });
  }
  await hook(home, 'Stop', { ...base, last_assistant_message: turn.answer });
}

/** The turn of {@link runEditTurn}: `file` is relative to the project. */
export interface EditTurn {
  sessionId: string;
  prompt: string;
  file: string;
  answer: string;
}

/** Runs a turn in one of the home's projects whose one tool call edits one of its files. */
export function runEditTurn(
  home: ViewerHome,
  project: keyof ViewerHome['projects'],
  turn: EditTurn,
): Promise<void> {
  const cwd = home.projects[project];
  const tools = [editCall(join(cwd, turn.file))];
  return runTurn(home, {
    sessionId: turn.sessionId,
    cwd,
    prompt: turn.prompt,
    tools,
    answer: turn.answer,
  });
}

/** A home for viewer tests: two project folders, the heuristic compressor, hash embeddings. */
export interface ViewerHome extends TestHome {
  url: string;
  projects: { shop: string; parser: string };
}

/** Creates the home and starts the real worker (`node dist/cli.mjs worker run`) for it. */
export async function startViewerHome(extraEnv: NodeJS.ProcessEnv = {}): Promise<ViewerHome> {
  const home = await createTestHome({
    CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic',
    CLAUDE_MEM_SEARCH_EMBEDDER: 'hash',
    ...extraEnv,
  });
  const root = dirname(home.dataDir);
  const projects = { shop: join(root, 'webshop'), parser: join(root, 'parser-lib') };
  for (const dir of Object.values(projects)) mkdirSync(join(dir, 'src'), { recursive: true });
  await startWorker(home);
  return { ...home, url: `http://127.0.0.1:${home.port}/`, projects };
}

/** GET `path` of the home's worker as JSON. */
export async function getJson<T>(home: TestHome, path: string): Promise<T> {
  const res = await workerRequest(home.port, path, { token: tokenOf(home), timeoutMs: 5_000 });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return res.body as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the worker holds at least this many observations and summaries. */
export async function waitForMemory(
  home: TestHome,
  want: { observations: number; summaries: number },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await getJson<{ observations: number; summaries: number }>(home, '/api/stats');
    if (stats.observations >= want.observations && stats.summaries >= want.summaries) return;
    if (Date.now() > deadline)
      throw new Error(`memory not compressed in time: ${JSON.stringify(stats)}`);
    await sleep(200);
  }
}
