/** A tool call as a PostToolUse payload carries it. */
export interface ToolCall {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: unknown;
}

/** A Bash call that printed `stdout`. */
export const bashCall = (command: string, stdout: string): ToolCall => ({
  tool_name: 'Bash',
  tool_input: { command },
  tool_response: { stdout, stderr: '', interrupted: false },
});

/** A Read of the text file `path` holding `content`. */
export const readCall = (path: string, content: string): ToolCall => ({
  tool_name: 'Read',
  tool_input: { file_path: path },
  tool_response: { type: 'text', file: { filePath: path, content } },
});

/** The JSON text Claude Code sends the PostToolUse hook for `call` in `session`, in /repo. */
export function postToolUse(session: string, id: string, call: ToolCall): string {
  const { tool_name, ...rest } = call;
  return JSON.stringify({
    session_id: session,
    transcript_path: '',
    cwd: '/repo',
    hook_event_name: 'PostToolUse',
    tool_name,
    tool_use_id: id,
    ...rest,
  });
}

/** The JSON text Claude Code sends the UserPromptSubmit hook for `prompt` in `session`, in /repo. */
export function promptSubmit(session: string, prompt: string): string {
  return JSON.stringify({
    session_id: session,
    transcript_path: '',
    cwd: '/repo',
    hook_event_name: 'UserPromptSubmit',
    prompt,
  });
}
