/** A source file of about `bytes` bytes, as a Read tool would return it. */
export function sourceText(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n += 1) {
    const line = `export function handler${n}(input: Request): Promise<Response> { return route(input, ${n}); }`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

/** The `tool_response` Claude Code sends for a Read of `filePath` holding `content`. */
export function readResponse(filePath: string, content: string) {
  const numLines = content.split('\n').length;
  return {
    type: 'text',
    file: { filePath, content, numLines, startLine: 1, totalLines: numLines },
  };
}

/** A PostToolUse payload for a Read with a response of about `bytes` bytes. */
export function postToolUsePayload(
  sessionId: string,
  cwd: string,
  toolUseId: string,
  bytes = 5 * 1024,
) {
  const filePath = `${cwd}/src/routes/handlers.ts`;
  return {
    session_id: sessionId,
    transcript_path: `/home/user/.claude/projects/bench/${sessionId}.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PostToolUse',
    tool_name: 'Read',
    tool_use_id: toolUseId,
    tool_input: { file_path: filePath },
    tool_response: readResponse(filePath, sourceText(bytes)),
  };
}

/** A UserPromptSubmit payload. */
export function userPromptPayload(sessionId: string, cwd: string, n: number) {
  return {
    session_id: sessionId,
    transcript_path: `/home/user/.claude/projects/bench/${sessionId}.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: 'UserPromptSubmit',
    prompt: `Step ${n}: refactor the request handlers so that each route validates its input first.`,
  };
}

/** The fields every hook payload carries. */
function common(sessionId: string, cwd: string, event: string) {
  return {
    session_id: sessionId,
    transcript_path: `/home/user/.claude/projects/bench/${sessionId}.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
  };
}

/**
 * Payloads of the other capture hooks, shaped as Claude Code sends them
 * (../shared/docs/claude-code.md): a failed Bash call, a turn's and a subagent's end, a manual
 * compaction and the session's end.
 */
export function otherHookPayload(event: string, sessionId: string, cwd: string, n: number) {
  const base = common(sessionId, cwd, event);
  switch (event) {
    case 'PostToolUseFailure':
      return {
        ...base,
        tool_name: 'Bash',
        tool_input: { command: `npm test -- --grep step-${n}` },
        tool_use_id: `toolu_fail_${n}`,
        error: `Exit code 1\n${'FAIL test/routes.test.ts\n'.repeat(20)}`,
        is_interrupt: false,
        duration_ms: 2800,
      };
    case 'Stop':
      return {
        ...base,
        stop_hook_active: false,
        last_assistant_message: `Step ${n} is done: every route validates its input first.`,
      };
    case 'SubagentStop':
      return {
        ...base,
        agent_id: `agent${n}`,
        agent_type: 'general-purpose',
        agent_transcript_path: `/home/user/.claude/projects/bench/subagents/agent-${n}.jsonl`,
        last_assistant_message: 'Found three handlers without validation.',
        stop_hook_active: false,
      };
    case 'PreCompact':
      return { ...base, trigger: 'manual', custom_instructions: null };
    default:
      return { ...base, reason: 'other' };
  }
}
