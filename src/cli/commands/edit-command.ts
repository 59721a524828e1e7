import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../cli-error.ts';
import { soleWord } from '../parse-options.ts';
import {
  EditParseError,
  changedFields,
  parseEditable,
  renderEditable,
} from '../memory/edit-format.ts';
import { apiFailure, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { fetchObservation, observationId } from './memory-command.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';

/** The editor people chose: $VISUAL, then $EDITOR (either may carry arguments: `code --wait`). */
function editorOf(env: NodeJS.ProcessEnv): string {
  const editor = (env.VISUAL ?? '').trim() || (env.EDITOR ?? '').trim();
  if (editor === '') {
    throw new CliError(
      'no editor: $EDITOR (or $VISUAL) is not set; set it to the command that edits a file, as in EDITOR=nano claude-mem edit 12',
    );
  }
  return editor;
}

/** Runs the editor on `file` through the shell, as git does, so `code --wait` works. */
function runEditor(editor: string, file: string, env: NodeJS.ProcessEnv): void {
  const run = spawnSync(`${editor} "$CLAUDE_MEM_EDIT_FILE"`, {
    shell: true,
    stdio: 'inherit',
    env: { ...env, CLAUDE_MEM_EDIT_FILE: file },
  });
  if (run.status !== 0) {
    throw new CliError(
      `the editor "${editor}" exited with ${run.status ?? run.signal}: nothing was saved`,
    );
  }
}

/**
 * `claude-mem edit ID`: opens the observation's title, narrative and facts in $EDITOR and saves
 * what changed through PATCH /api/observations/:id (as the viewer does). The temp file is
 * private (0600) and removed afterwards; an unreadable result is reported and nothing is saved.
 */
export const editCommand: Command<RecallCommandDeps> = async function editCommand(
  args,
  print,
  deps = {},
) {
  const id = observationId(soleWord(args), 'edit');
  const env = deps.env ?? process.env;
  const editor = editorOf(env);
  const call = recallClient(deps);
  const before = await fetchObservation(call, id);
  // The worker refuses the save too; saying so before the editor opens spares the typing.
  if (before.author) {
    throw new CliError(
      `observation #${id} is ${before.author}'s team memory: it is read-only here, only ${before.author} can change, unshare or forget it`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-edit-'));
  const file = join(dir, `observation-${id}.yaml`);
  writeFileSync(file, renderEditable(id, before), { mode: 0o600 });
  try {
    runEditor(editor, file, env);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // An unreadable edit keeps its file, so the work in it is not lost.
  const after = readBack(file);
  rmSync(dir, { recursive: true, force: true });
  const patch = changedFields(before, after);
  if (!patch) {
    print(`#${id}: no changes, nothing saved`);
    return 0;
  }
  const res = await call('PATCH', `/api/observations/${id}`, patch);
  if (res.status !== 200) throw apiFailure(res);
  print(`#${id} saved: ${Object.keys(patch).join(', ')} changed`);
  return 0;
};

function readBack(file: string) {
  try {
    return parseEditable(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof EditParseError)) throw error;
    throw new CliError(
      `could not read the edited file, ${error.message}; nothing was saved, run the edit again`,
    );
  }
}

/** `claude-mem edit`: its help, options and handler (the command table's entry). */
export const EDIT_COMMAND = commandEntry(
  'edit <id>',
  'Edit its title, narrative and facts in $EDITOR (or $VISUAL); saves what changed',
  editCommand,
);
