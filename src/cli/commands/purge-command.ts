import { adminWorker } from '../admin/worker-admin.ts';
import { usage } from '../cli-error.ts';
import { previewThenDelete, type ForgetCommandDeps } from './forget-command.ts';
import { optionsCommand } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/**
 * `claude-mem purge --project NAME [--yes]`: deletes everything of a project (its sessions and
 * all they hold). `claude-mem purge --retention [--yes]`: applies the retention settings now,
 * as the worker does once a day. Both show what goes and ask first.
 */
export const purgeCommand = optionsCommand(
  {
    project: FLAG.project,
    retention: { type: 'boolean' },
    yes: FLAG.yes,
  },
  async function purgeCommand(values, print, deps: Partial<ForgetCommandDeps>) {
    if ((values.project === undefined) === (values.retention !== true)) {
      throw usage('purge takes --project NAME or --retention');
    }
    const worker = await adminWorker(deps);
    const io = { stdin: deps.stdin ?? process.stdin, stderr: deps.stderr ?? process.stderr };
    const yes = values.yes === true;
    if (values.project !== undefined) {
      const body = { project: values.project };
      return previewThenDelete({ worker, path: '/api/admin/purge', body, yes }, print, io);
    }
    const status = await worker.get<{ maxAgeDays: number; maxPerProject: number }>(
      '/api/retention/status',
    );
    if (status.maxAgeDays === 0 && status.maxPerProject === 0) {
      print(
        'retention is off: set retention.maxAgeDays or retention.maxPerProject (claude-mem config set)',
      );
      return 0;
    }
    const age = status.maxAgeDays > 0 ? `older than ${status.maxAgeDays} days` : 'no age limit';
    const count =
      status.maxPerProject > 0
        ? `at most ${status.maxPerProject} observations per project`
        : 'no count limit';
    print(`retention: ${age}, ${count} (pinned observations are kept)`);
    return previewThenDelete({ worker, path: '/api/retention/run', body: {}, yes }, print, io);
  },
);

/** `claude-mem purge`: its help, options and handler (the command table's entry). */
export const PURGE_COMMAND = commandEntry(
  'purge --project NAME [-y|--yes]',
  'Delete everything of a project',
  purgeCommand,
  {
    more: [
      {
        usage: ['purge --retention [-y|--yes]'],
        text: 'Apply retention.maxAgeDays / maxPerProject now',
      },
    ],
  },
);
