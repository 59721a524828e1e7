import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { requestText, type FakeReply, type MessagesBody } from './fake-anthropic.ts';
import { waitForNoHooks } from './proc.ts';
import { runProcess } from './run-process.ts';

/** The real Claude Code binary: the one the Agent SDK ships (installed from npm, pinned). */
export const CLAUDE_BIN = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@anthropic-ai',
  `claude-agent-sdk-${process.platform}-${process.arch}`,
  'claude',
);

export const hasClaude = (): boolean => existsSync(CLAUDE_BIN);

/** The environment that makes `claude` talk only to the fake server (docs/claude-code.md §1). */
export function offlineClaudeEnv(base: NodeJS.ProcessEnv, fakeUrl: string): NodeJS.ProcessEnv {
  return {
    ...base,
    ANTHROPIC_BASE_URL: fakeUrl,
    ANTHROPIC_API_KEY: 'dummy',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  };
}

/**
 * Runs `claude -p <prompt> --output-format json --dangerously-skip-permissions [...extra]`, and
 * waits for the hooks Claude Code left running in the background (SessionEnd's outlive it) of
 * the env's data folder, so what follows sees every event spooled.
 */
export async function runClaude(
  prompt: string,
  options: { env: NodeJS.ProcessEnv; cwd: string; extra?: string[] },
): Promise<HookRun> {
  const args = [
    '-p',
    prompt,
    '--output-format',
    'json',
    '--dangerously-skip-permissions',
    ...(options.extra ?? []),
  ];
  const run = await runProcess(CLAUDE_BIN, args, { env: options.env, cwd: options.cwd });
  const dataDir = options.env.CLAUDE_MEM_DATA_DIR;
  if (dataDir) await waitForNoHooks(dataDir);
  return run;
}

/** Whether a request comes from claude-mem's own compressor (its fixed system prompts). */
export function isCompressorRequest(body: MessagesBody): boolean {
  const text = requestText(body);
  return (
    text.startsWith('You record memory for a coding agent') ||
    text.startsWith('You write the progress note')
  );
}

type Message = NonNullable<MessagesBody['messages']>[number];

function toolResultsOf(message: Message | undefined): string[] {
  if (!message || !Array.isArray(message.content)) return [];
  return (message.content as Array<{ type?: string; content?: unknown }>)
    .filter((block) => block.type === 'tool_result')
    .map((block) =>
      typeof block.content === 'string' ? block.content : JSON.stringify(block.content),
    );
}

/** The tool_result blocks of a request's last message, as text. */
export function lastToolResults(body: MessagesBody): string[] {
  return toolResultsOf(body.messages?.at(-1));
}

/**
 * Every tool_result of the conversation so far, as text. A scripted model must decide on these,
 * not on the last message alone: Claude Code may append a system message after the results (for
 * one, "deferred tools are now available" when an MCP server connects late, a race).
 */
export function allToolResults(body: MessagesBody): string[] {
  return (body.messages ?? []).flatMap((message) => toolResultsOf(message));
}

/** The names of the tools a request offers the model. */
export function offeredTools(body: MessagesBody): string[] {
  const tools = (body as { tools?: Array<{ name?: string }> }).tools ?? [];
  return tools.map((tool) => tool.name ?? '');
}

/** The compressor's two answers, as XML: the turn's summary and one observation. */
export interface CompressorAnswers {
  summary: string;
  observation: string;
}

/** Answers a compressor request: the summary when the progress note is asked, else the observation. */
export function compressorAnswer(body: MessagesBody, answers: CompressorAnswers): FakeReply {
  const summary = requestText(body).startsWith('You write the progress note');
  return { kind: 'message', content: summary ? answers.summary : answers.observation };
}

/**
 * A scripted model for a run of `claude` whose compressor is the same fake: compressor requests
 * get `answers`, Claude Code's tool-less side requests "ok", and its turns what `turn` says.
 */
export function scriptedClaude(
  answers: CompressorAnswers,
  turn: (body: MessagesBody) => FakeReply,
) {
  return function answer(body: MessagesBody): FakeReply {
    if (isCompressorRequest(body)) return compressorAnswer(body, answers);
    if (offeredTools(body).length === 0) return { kind: 'message', content: 'ok' };
    return turn(body);
  };
}

/** A scripted model's call of one tool. */
export const toolUse = (name: string, input: Record<string, unknown>): FakeReply => ({
  kind: 'message',
  content: [{ type: 'tool_use', name, input }],
  stopReason: 'tool_use',
});

/** A compressor answer: one observation, or the summary, depending on what was asked. */
export function compressorReply(body: MessagesBody, title: string): FakeReply {
  return compressorAnswer(body, {
    summary: `<summary><request>Checked notes.txt and ran the tests</request><investigated>notes.txt</investigated><learned>The notes name the release codename</learned><completed>${title}</completed><next_steps>Ship the release</next_steps><notes></notes></summary>`,
    observation: `<observation><type>discovery</type><title>${title}</title><subtitle>notes.txt names the release codename</subtitle><facts><fact>notes.txt says codename bluefin</fact></facts><narrative>Read notes.txt and ran the test command.</narrative><concepts><concept>how-it-works</concept></concepts><files_read><file>notes.txt</file></files_read><files_modified></files_modified></observation>`,
  });
}
