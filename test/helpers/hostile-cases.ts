import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The table of hostile hook inputs for test/e2e/hostile-payloads.test.ts: data, so it is long.

export const PROJECT = 'claude-mem-hostile-project';
// Not a git repository: the project is named after this folder. It need not exist.
export const CWD = join(tmpdir(), PROJECT);
export const MB = 1024 * 1024;

export type Row = Record<string, unknown>;

/** What the database holds for one session id. Expected rows list only the columns that matter. */
export interface SessionState {
  sessions: Row[];
  prompts: Row[];
  events: Row[];
  turns: Row[];
}

export interface Case {
  name: string;
  /** The hook command's event argument. */
  event: string;
  stdin: string | Buffer;
  /** The session id the input carries (or would carry): its rows are compared to `stored`. */
  sid: string;
  stored: SessionState;
}

export const NOTHING: SessionState = { sessions: [], prompts: [], events: [], turns: [] };

/** A payload as Claude Code would send it for `sid`, plus `fields`. */
export function payload(sid: unknown, event: string, fields: Row = {}): string {
  return JSON.stringify({
    session_id: sid,
    transcript_path: join(CWD, 'transcript.jsonl'),
    cwd: CWD,
    hook_event_name: event,
    ...fields,
  });
}

/** The same payload as raw JSON text with `rawFields` (JSON members) spliced in verbatim. */
export function rawPayload(sid: string, event: string, rawFields: string): string {
  return `${payload(sid, event).slice(0, -1)},${rawFields}}`;
}

/** Deterministic pseudo-random bytes (the same junk on every run), NULs included. */
function junk(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let seed = 0x2545f491;
  for (let i = 0; i < length; i += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bytes[i] = i % 97 === 0 ? 0 : seed >>> 24;
  }
  return bytes;
}

const session = (fields: Row = {}): Row => ({ project: PROJECT, status: 'active', ...fields });

/** Only a session row: what a well-formed event without prompt, tool or turn leaves. */
export const sessionOnly = (sid: string, fields: Row = {}): SessionState => ({
  ...NOTHING,
  sessions: [session({ session_id: sid, ...fields })],
});

/** Inputs that must store nothing at all. */
export const MALFORMED_CASES: Case[] = [
  { name: 'empty stdin', event: 'SessionStart', stdin: '', sid: '' },
  { name: 'only whitespace', event: 'UserPromptSubmit', stdin: ' \n\t\r\n ', sid: '' },
  {
    name: 'truncated JSON',
    event: 'PostToolUse',
    stdin: payload('hostile-truncated', 'PostToolUse', { tool_name: 'Bash' }).slice(0, -20),
    sid: 'hostile-truncated',
  },
  {
    name: 'a JSON array of a valid payload',
    event: 'PostToolUseFailure',
    stdin: `[${payload('hostile-array', 'PostToolUseFailure', { tool_name: 'Bash', error: 'x' })}]`,
    sid: 'hostile-array',
  },
  { name: 'a JSON number', event: 'Stop', stdin: '42', sid: '42' },
  {
    name: 'a JSON string',
    event: 'SubagentStop',
    stdin: '"hostile-string"',
    sid: 'hostile-string',
  },
  { name: 'JSON null', event: 'PreCompact', stdin: 'null', sid: 'null' },
  { name: 'JSON true', event: 'SessionEnd', stdin: 'true', sid: 'true' },
  {
    name: 'a payload 10,000 arrays deep',
    event: 'Stop',
    stdin: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    sid: '',
  },
  {
    name: 'valid JSON followed by garbage',
    event: 'UserPromptSubmit',
    stdin: `${payload('hostile-trailing', 'UserPromptSubmit', { prompt: 'hi' })} trailing`,
    sid: 'hostile-trailing',
  },
  {
    name: 'a raw NUL inside a JSON string',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-raw-nul', 'UserPromptSubmit', { prompt: 'a\u0000b' }).replace(
      '\\u0000',
      '\u0000',
    ),
    sid: 'hostile-raw-nul',
  },
  { name: 'binary junk with NUL bytes', event: 'save', stdin: junk(64 * 1024), sid: '' },
  {
    name: 'session_id missing',
    event: 'SessionEnd',
    stdin: JSON.stringify({ cwd: CWD, hook_event_name: 'SessionEnd', reason: 'exit' }),
    sid: '',
  },
  {
    name: 'session_id a number',
    event: 'UserPromptSubmit',
    stdin: payload(12345, 'UserPromptSubmit', { prompt: 'numeric id' }),
    sid: '12345',
  },
  {
    name: 'session_id an object',
    event: 'PostToolUse',
    stdin: payload({ id: 'hostile-object-id' }, 'PostToolUse', {
      tool_name: 'Bash',
      tool_input: {},
    }),
    sid: 'hostile-object-id',
  },
  { name: 'session_id empty', event: 'Stop', stdin: payload('', 'Stop'), sid: '' },
  {
    name: 'session_id only spaces',
    event: 'SessionStart',
    stdin: payload('   ', 'SessionStart'),
    sid: '   ',
  },
  {
    name: 'session_id 10 KB long',
    event: 'SessionStart',
    stdin: payload('s'.repeat(10 * 1024), 'SessionStart', { source: 'startup' }),
    sid: 's'.repeat(10 * 1024),
  },
  {
    name: 'session_id smuggled through __proto__',
    event: 'UserPromptSubmit',
    stdin: JSON.stringify({ cwd: CWD, prompt: 'hi' }).replace(
      '{',
      '{"__proto__":{"session_id":"hostile-proto-smuggle"},',
    ),
    sid: 'hostile-proto-smuggle',
  },
  {
    name: 'tool_name missing',
    event: 'PostToolUse',
    stdin: payload('hostile-no-tool', 'PostToolUse', {
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_h_none',
    }),
    sid: 'hostile-no-tool',
  },
  {
    name: 'tool_name a number',
    event: 'PostToolUseFailure',
    stdin: payload('hostile-numeric-tool', 'PostToolUseFailure', { tool_name: 42, error: 'boom' }),
    sid: 'hostile-numeric-tool',
  },
  {
    name: 'a skip-listed tool (TodoWrite)',
    event: 'PostToolUse',
    stdin: payload('hostile-todowrite', 'PostToolUse', {
      tool_name: 'TodoWrite',
      tool_input: { todos: [] },
    }),
    sid: 'hostile-todowrite',
  },
  {
    name: 'an unknown event name',
    event: 'NotAHookEvent',
    stdin: payload('hostile-unknown-event', 'NotAHookEvent', { prompt: 'hi' }),
    sid: 'hostile-unknown-event',
  },
  {
    name: 'an event claude-mem does not handle (PreToolUse)',
    event: 'PreToolUse',
    stdin: payload('hostile-pretooluse', 'PreToolUse', { tool_name: 'Bash', tool_input: {} }),
    sid: 'hostile-pretooluse',
  },
  {
    name: 'an empty event name',
    event: '',
    stdin: payload('hostile-empty-event', 'SessionStart'),
    sid: 'hostile-empty-event',
  },
  {
    name: 'a 33 MB payload, over the stdin cap',
    event: 'PostToolUse',
    stdin: payload('hostile-over-cap', 'PostToolUse', {
      tool_name: 'Bash',
      tool_response: 'c'.repeat(33 * MB),
      tool_use_id: 'toolu_h_over_cap',
    }),
    sid: 'hostile-over-cap',
  },
].map((item) => ({ ...item, stored: NOTHING }));
