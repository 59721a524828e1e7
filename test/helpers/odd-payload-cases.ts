import {
  MB,
  payload,
  rawPayload,
  sessionOnly,
  type Case,
  type Row,
  type SessionState,
} from './hostile-cases.ts';

// Well-formed but odd hook inputs for test/e2e/hostile-payloads.test.ts: data, so it is long.

/** What sanitizing keeps of a value nested deeper than 64 levels. */
const tooDeep = `${'{"a":'.repeat(64)}"[claude-mem: too deep]"${'}'.repeat(64)}`;

/** A session with `fields`, and its prompt 1 of `text`. */
const promptStored = (sid: string, text: string, fields: Row = {}): SessionState => ({
  ...sessionOnly(sid, { prompt_count: 1, ...fields }),
  prompts: [{ prompt_number: 1, text }],
});

/** A session and one turn end with `message` (of subagent `agentId`). */
const turnStored = (sid: string, message: string, agentId: string | null = null): SessionState => ({
  ...sessionOnly(sid),
  turns: [{ prompt_number: 0, agent_id: agentId, last_assistant_message: message }],
});

/** A session with `fields`, and one tool event `event`. */
const eventStored = (sid: string, event: Row, fields: Row = {}): SessionState => ({
  ...sessionOnly(sid, fields),
  events: [event],
});

/** Well-formed but odd inputs, and exactly what the rules say they store. */
export const ODD_CASES: Case[] = [
  {
    name: 'tool_input a string',
    event: 'PostToolUse',
    stdin: payload('hostile-input-string', 'PostToolUse', {
      tool_name: 'Bash',
      tool_input: 'ls -la',
      tool_response: 'total 0',
      tool_use_id: 'toolu_h_string',
    }),
    sid: 'hostile-input-string',
    stored: eventStored(
      'hostile-input-string',
      {
        tool_name: 'Bash',
        tool_use_id: 'toolu_h_string',
        tool_input: '"ls -la"',
        tool_response: '"total 0"',
        failed: 0,
      },
      { prompt_count: 0 },
    ),
  },
  {
    name: 'tool_input an array, through the save alias',
    event: 'save',
    stdin: payload('hostile-input-array', 'PostToolUse', {
      tool_name: 'mcp__x__y',
      tool_input: [1, 'two', { three: 3 }],
      tool_response: [{ type: 'text', text: 'ok' }],
      tool_use_id: 'toolu_h_array',
    }),
    sid: 'hostile-input-array',
    stored: eventStored('hostile-input-array', {
      tool_name: 'mcp__x__y',
      tool_input: '[1,"two",{"three":3}]',
      tool_response: '[{"type":"text","text":"ok"}]',
    }),
  },
  {
    name: 'tool_input 10,000 objects deep (cut at 64 levels)',
    event: 'PostToolUse',
    stdin: rawPayload(
      'hostile-deep-input',
      'PostToolUse',
      `"tool_name":"Read","tool_use_id":"toolu_h_deep","tool_input":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    ),
    sid: 'hostile-deep-input',
    stored: eventStored('hostile-deep-input', {
      tool_name: 'Read',
      tool_input: tooDeep,
      tool_response: null,
    }),
  },
  {
    name: 'a 10 MB tool_response (elided head + tail with a marker)',
    event: 'PostToolUse',
    stdin: payload('hostile-10mb', 'PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'cat big.log' },
      tool_response: `${'A'.repeat(5 * MB)}${'B'.repeat(5 * MB)}`,
      tool_use_id: 'toolu_h_10mb',
    }),
    sid: 'hostile-10mb',
    stored: eventStored('hostile-10mb', {
      tool_name: 'Bash',
      response_head: '"AAAAAAAAA',
      response_tail: 'BBBBBBBBB"',
      response_elided_of: 10 * MB,
      response_fits: true,
    }),
  },
  {
    name: 'a prompt of 100,000 <private> blocks around visible text',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-100k-tags', 'UserPromptSubmit', {
      prompt: `${'<private>p</private>'.repeat(100_000)}visible words`,
    }),
    sid: 'hostile-100k-tags',
    stored: promptStored('hostile-100k-tags', 'visible words', { title: 'visible words' }),
  },
  {
    name: 'a prompt of 100,000 unclosed <private> openers (fully private)',
    event: 'new',
    stdin: payload('hostile-100k-openers', 'UserPromptSubmit', {
      prompt: `${'<private>'.repeat(100_000)}hidden words`,
    }),
    sid: 'hostile-100k-openers',
    stored: sessionOnly('hostile-100k-openers', { prompt_count: 1, title: null }),
  },
  {
    name: 'an unclosed <private> hiding the rest of the prompt',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-unclosed', 'UserPromptSubmit', {
      prompt: 'fix the login bug <private>and never store this',
    }),
    sid: 'hostile-unclosed',
    stored: promptStored('hostile-unclosed', 'fix the login bug', { title: 'fix the login bug' }),
  },
  {
    name: 'nested private, context and reminder tags in a prompt',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-nested-tags', 'UserPromptSubmit', {
      prompt:
        '<PRIVATE>a<private>b</private>c</private>keep <claude-mem-context>old</claude-mem-context>' +
        'this<system-reminder>r</system-reminder>',
    }),
    sid: 'hostile-nested-tags',
    stored: promptStored('hostile-nested-tags', 'keep this', { title: 'keep this' }),
  },
  {
    name: 'private and reminder tags in tool output',
    event: 'PostToolUse',
    stdin: payload('hostile-tool-tags', 'PostToolUse', {
      tool_name: 'Read',
      tool_input: { file_path: '<private>/secret/path</private>/a.txt' },
      tool_response: { content: 'line<system-reminder>do x</system-reminder> end' },
      tool_use_id: 'toolu_h_tags',
    }),
    sid: 'hostile-tool-tags',
    stored: eventStored('hostile-tool-tags', {
      tool_name: 'Read',
      tool_input: '{"file_path":"/a.txt"}',
      tool_response: '{"content":"line end"}',
    }),
  },
  {
    name: '__proto__ keys in tool_input (kept as plain data)',
    event: 'PostToolUse',
    stdin: rawPayload(
      'hostile-proto-input',
      'PostToolUse',
      '"tool_name":"Bash","tool_use_id":"toolu_h_proto","tool_input":{"__proto__":{"polluted":true},"command":"ls"}',
    ),
    sid: 'hostile-proto-input',
    stored: eventStored('hostile-proto-input', {
      tool_name: 'Bash',
      tool_input: '{"__proto__":{"polluted":true},"command":"ls"}',
    }),
  },
  {
    name: 'huge numbers (1e999 becomes null, big integers lose precision as in JSON)',
    event: 'PostToolUse',
    stdin: rawPayload(
      'hostile-huge-numbers',
      'PostToolUse',
      '"tool_name":"Bash","tool_use_id":"toolu_h_numbers","duration_ms":1e999,' +
        '"tool_input":{"n":1e308,"big":123456789012345678901234567890,"inf":-1e999}',
    ),
    sid: 'hostile-huge-numbers',
    stored: eventStored('hostile-huge-numbers', {
      tool_name: 'Bash',
      duration_ms: null,
      tool_input: '{"n":1e+308,"big":1.2345678901234568e+29,"inf":null}',
    }),
  },
  {
    name: 'unicode: RTL override, emoji, CJK, combining marks',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-unicode-🧠\u202e', 'UserPromptSubmit', {
      prompt: 'مرحبا \u202Eevil\u202C 🧠👩‍💻 漢字 e\u0301',
    }),
    sid: 'hostile-unicode-🧠\u202e',
    stored: promptStored('hostile-unicode-🧠\u202e', 'مرحبا \u202Eevil\u202C 🧠👩‍💻 漢字 e\u0301'),
  },
  {
    name: 'lone surrogates escaped in JSON (stored as U+FFFD)',
    event: 'UserPromptSubmit',
    stdin: rawPayload(
      'hostile-surrogates',
      'UserPromptSubmit',
      '"prompt":"high \\ud83d low \\ude00 end"',
    ),
    sid: 'hostile-surrogates',
    stored: promptStored('hostile-surrogates', 'high \uFFFD low \uFFFD end'),
  },
  {
    name: 'invalid UTF-8 bytes inside a string (decoded as U+FFFD)',
    event: 'UserPromptSubmit',
    stdin: Buffer.concat([
      Buffer.from(
        rawPayload('hostile-bad-utf8', 'UserPromptSubmit', '"prompt":"bad XX bytes"').split(
          'XX',
        )[0] ?? '',
      ),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' bytes"}'),
    ]),
    sid: 'hostile-bad-utf8',
    stored: promptStored('hostile-bad-utf8', 'bad \uFFFD\uFFFD\uFFFD bytes'),
  },
  {
    name: 'hook_event_name SessionEnd on the UserPromptSubmit command (the command wins)',
    event: 'UserPromptSubmit',
    stdin: payload('hostile-contradiction', 'SessionEnd', {
      prompt: 'hello there',
      reason: 'exit',
    }),
    sid: 'hostile-contradiction',
    stored: promptStored('hostile-contradiction', 'hello there', { end_reason: null }),
  },
  {
    name: 'hook_event_name PostToolUse on the Stop command (stored as a turn end)',
    event: 'Stop',
    stdin: payload('hostile-stop-as-tool', 'PostToolUse', {
      tool_name: 'Bash',
      tool_input: {},
      last_assistant_message: 'done',
    }),
    sid: 'hostile-stop-as-tool',
    stored: turnStored('hostile-stop-as-tool', 'done'),
  },
  {
    name: 'duplicate session_id keys (the last one wins, as in JSON.parse)',
    event: 'SessionStart',
    stdin: payload('hostile-dup-first', 'SessionStart').replace(
      '{',
      '{"session_id":"hostile-dup-ignored",',
    ),
    sid: 'hostile-dup-first',
    stored: sessionOnly('hostile-dup-first', { source: 'startup' }),
  },
  {
    name: 'extra unknown fields of every type',
    event: 'SessionStart',
    stdin: payload('hostile-extra-fields', 'SessionStart', {
      source: 'resume',
      future_field: { nested: [1, { deeper: null }] },
      seconds_since_last_response: 12,
      flag: true,
      constructor: { prototype: { polluted: true } },
    }),
    sid: 'hostile-extra-fields',
    stored: sessionOnly('hostile-extra-fields', { source: 'resume' }),
  },
  {
    name: 'the context alias with source clear',
    event: 'context',
    stdin: payload('hostile-alias-context', 'SessionStart', { source: 'clear' }),
    sid: 'hostile-alias-context',
    stored: sessionOnly('hostile-alias-context', { source: 'clear' }),
  },
  {
    name: 'the summary alias',
    event: 'summary',
    stdin: payload('hostile-alias-summary', 'Stop', {
      last_assistant_message: 'summary <private>x</private>done',
    }),
    sid: 'hostile-alias-summary',
    stored: turnStored('hostile-alias-summary', 'summary done'),
  },
  {
    name: 'a SubagentStop with an agent id',
    event: 'SubagentStop',
    stdin: payload('hostile-subagent', 'SubagentStop', {
      agent_id: 'agent-1',
      agent_type: 'general-purpose',
      last_assistant_message: 'sub done',
    }),
    sid: 'hostile-subagent',
    stored: turnStored('hostile-subagent', 'sub done', 'agent-1'),
  },
  {
    name: 'a PreCompact with custom_instructions null',
    event: 'PreCompact',
    stdin: payload('hostile-precompact', 'PreCompact', {
      trigger: 'manual',
      custom_instructions: null,
    }),
    sid: 'hostile-precompact',
    stored: sessionOnly('hostile-precompact', { compacted: 1 }),
  },
  {
    name: 'a SessionEnd through the kebab-case name',
    event: 'session-end',
    stdin: payload('hostile-session-end', 'SessionEnd', { reason: 'logout' }),
    sid: 'hostile-session-end',
    stored: sessionOnly('hostile-session-end', { status: 'completed', end_reason: 'logout' }),
  },
  {
    name: 'a PostToolUseFailure whose error holds a password',
    event: 'PostToolUseFailure',
    stdin: payload('hostile-failure', 'PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: 'deploy' },
      tool_use_id: 'toolu_h_failure',
      error: 'Exit code 1\nDB_PASSWORD=hunter2 rejected',
      is_interrupt: false,
    }),
    sid: 'hostile-failure',
    stored: eventStored('hostile-failure', {
      tool_name: 'Bash',
      failed: 1,
      tool_response: null,
      error: 'Exit code 1\nDB_PASSWORD=[REDACTED:password] rejected',
    }),
  },
];
