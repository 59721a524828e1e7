import type { HookInput } from '../payload.ts';

/**
 * Each agent's tool names -> Claude Code's, so that compression, the heuristic provider and
 * file anchors (which know `Read`, `Edit`, `Bash`, ...) recognise reads, edits and commands
 * whichever agent made them. Names not listed (MCP tools, new tools) are kept as they are.
 */
const CANONICAL: Record<string, string> = {
  // Codex CLI reports its exec tools as `Bash` already; older builds said `shell`.
  shell: 'Bash',
  exec_command: 'Bash',
  local_shell: 'Bash',
  apply_patch: 'Edit',
  view_image: 'Read',
  // Gemini CLI built-in tools.
  read_file: 'Read',
  read_many_files: 'Read',
  write_file: 'Write',
  replace: 'Edit',
  run_shell_command: 'Bash',
  glob: 'Glob',
  search_file_content: 'Grep',
  grep_search: 'Grep',
  list_directory: 'LS',
  web_fetch: 'WebFetch',
  google_web_search: 'WebSearch',
  // GitHub Copilot CLI built-in tools.
  bash: 'Bash',
  view: 'Read',
  edit: 'Edit',
  create: 'Write',
  str_replace_editor: 'Edit',
  grep: 'Grep',
  rg: 'Grep',
  fetch: 'WebFetch',
};

/** Claude Code's name for an agent's tool (own keys only: `constructor` stays itself). */
export function canonicalTool(name: string): string {
  return Object.hasOwn(CANONICAL, name) ? (CANONICAL[name] ?? name) : name;
}

const PATH_KEYS = ['file_path', 'absolute_path', 'path', 'filePath', 'file'];
const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/gm;

/** The files a Codex `apply_patch` names, in order, and whether it only adds files. */
export function patchFiles(patch: string): { files: string[]; addsOnly: boolean } {
  const files: string[] = [];
  let addsOnly = true;
  for (const match of patch.slice(0, 1_000_000).matchAll(PATCH_FILE)) {
    files.push((match[2] ?? '').trim());
    if (match[1] !== 'Add') addsOnly = false;
  }
  return { files, addsOnly: addsOnly && files.length > 0 };
}

/**
 * Adds `file_path` (and `command`) where the agent names them otherwise, keeping every field it
 * sent: the compressor and the heuristic provider read Claude Code's field names.
 */
export function canonicalInput(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const fields = input as HookInput;
  if (typeof fields.file_path === 'string') return fields;
  const key = PATH_KEYS.find((name) => typeof fields[name] === 'string');
  if (key) return { ...fields, file_path: fields[key] };
  const patch = typeof fields.command === 'string' ? fields.command : fields.input;
  if (typeof patch === 'string' && patch.includes('*** Begin Patch')) {
    const { files } = patchFiles(patch);
    if (files.length > 0) return { ...fields, file_path: files[0], files };
  }
  return fields;
}

/** The canonical tool name of a Codex `apply_patch`: `Write` when it only adds files. */
export function patchTool(name: string, input: unknown): string {
  if (name !== 'apply_patch' || !input || typeof input !== 'object') return canonicalTool(name);
  const fields = input as HookInput;
  const patch = typeof fields.command === 'string' ? fields.command : fields.input;
  return typeof patch === 'string' && patchFiles(patch).addsOnly ? 'Write' : 'Edit';
}
