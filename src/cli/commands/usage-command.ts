import { adminWorker } from '../admin/worker-admin.ts';
import { usage } from '../cli-error.ts';
import { formatUsage } from '../usage/usage-table.ts';
import { recallLines, type UsageWithRecall } from '../usage/recall-lines.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import { optionsCommand } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/**
 * `claude-mem usage [--daily|--monthly] [--project P] [--json]`: the tokens and estimated dollars
 * compression spent per day (default) or month and project, with totals, and beside them the
 * injection ledger: tokens injected and the share of them the agent used. Starts the worker
 * when needed.
 */
export const usageCommand = optionsCommand(
  {
    daily: { type: 'boolean' },
    monthly: { type: 'boolean' },
    project: FLAG.project,
    json: FLAG.json,
  },
  async function usageCommand(values, print, deps: Partial<CompressCommandDeps>) {
    if (values.daily && values.monthly) throw usage('give --daily or --monthly, not both');
    if (values.project === '') throw usage('--project needs a project name');
    const query = new URLSearchParams({ by: values.monthly ? 'month' : 'day' });
    if (values.project !== undefined) query.set('project', values.project);
    const worker = await adminWorker(deps);
    const report = await worker.get<UsageWithRecall>(`/api/usage?${query}`);
    const text = () => [...formatUsage(report), ...recallLines(report, Date.now())].join('\n');
    print(values.json ? JSON.stringify(report, null, 2) : text());
    return 0;
  },
);

/** `claude-mem usage`: its help, options and handler (the command table's entry). */
export const USAGE_COMMAND = commandEntry(
  'usage [--daily|--monthly] [--project P] [--json]',
  'Tokens and estimated dollars compression spent per day (default) or month and project, with totals',
  usageCommand,
);
