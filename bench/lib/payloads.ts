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
