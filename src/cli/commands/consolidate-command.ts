import { resolveProject } from '../../config/index.ts';
import type { Changeset } from '../../domain/index.ts';
import { usage } from '../cli-error.ts';
import { optionsCommand } from '../command.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { changesetDiff } from './consolidate-diff.ts';
import { checkProject } from './recall-args.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

function undoId(text: string): number {
  const id = Number(text.replace(/^#/, ''));
  if (!Number.isSafeInteger(id) || id <= 0)
    throw usage(
      `--undo: expected the number of a consolidation (as "applied as #N" said), got "${text}"`,
    );
  return id;
}

/**
 * `claude-mem consolidate [--project P] [--apply] [--undo ID] [--json]` (issue 34): prints the
 * proposed changeset as a diff (merges of near-duplicates, noise to drop) and changes nothing;
 * `--apply` applies it in one journaled transaction; `--undo ID` restores one exactly. Nothing
 * is deleted for good: `forget` stays the only deletion.
 */
export const consolidateCommand = optionsCommand(
  {
    project: FLAG.project,
    apply: { type: 'boolean' },
    undo: { type: 'string' },
    json: FLAG.json,
  },
  async function consolidateCommand(values, print, deps: Partial<RecallCommandDeps>) {
    if (values.undo !== undefined && values.apply)
      throw usage('--apply and --undo: give one of them');
    const call = recallClient(deps);
    const project =
      values.project ?? resolveProject(deps.cwd ?? process.cwd(), deps.env ?? process.env).name;
    if (values.project !== undefined) await checkProject(call, values.project);
    const res =
      values.undo !== undefined
        ? await callOrFail(call, 'POST', '/api/consolidation/undo', { id: undoId(values.undo) })
        : values.apply
          ? await callOrFail(call, 'POST', '/api/consolidation/apply', { project })
          : await callOrFail(
              call,
              'GET',
              `/api/consolidation?project=${encodeURIComponent(project)}`,
            );
    if (res.status !== 200) throw apiFailure(res);
    const body = res.body as Changeset | { proposal: Changeset };
    const changeset = 'proposal' in body ? body.proposal : body;
    if (values.json) print(JSON.stringify(changeset, null, 2));
    else if (values.undo !== undefined)
      print(
        `undid consolidation #${changeset.journalId}: ${changeset.merges.length} merges and ${changeset.drops.length} drops restored`,
      );
    else for (const line of changesetDiff(changeset, values.apply === true)) print(line);
    return 0;
  },
);

/** `claude-mem consolidate`: its help, options and handler (the command table's entry). */
export const CONSOLIDATE_COMMAND = commandEntry(
  'consolidate [--project P] [--json]',
  'Propose merging near-duplicate memories and dropping noise, as a diff; changes nothing',
  consolidateCommand,
  {
    more: [
      {
        usage: ['consolidate --apply [--project P]'],
        text: 'Apply that proposal, journaled; prints its undo id',
      },
      {
        usage: ['consolidate --undo ID'],
        text: 'Restore a consolidation exactly as it was before',
      },
    ],
  },
);
