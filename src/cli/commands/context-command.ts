import { resolveProject } from '../../config/index.ts';
import { AGENTS, SESSION_SOURCES } from '../../domain/index.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { checkProject } from './recall-args.ts';
import { alternatives } from '../help.ts';
import { optionsCommand } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/**
 * `claude-mem context` (usage in CONTEXT_COMMAND below): prints exactly what SessionStart would inject, from the same worker endpoint the hook calls.
 * The project defaults to the one of the current folder.
 */
export const contextCommand = optionsCommand(
  {
    project: FLAG.project,
    source: { type: 'string' },
    session: FLAG.session,
    agent: FLAG.agent,
  },
  async function contextCommand(values, print, deps: Partial<RecallCommandDeps>) {
    const cwd = deps.cwd ?? process.cwd();
    const project = values.project ?? resolveProject(cwd, deps.env ?? process.env).name;
    const query = new URLSearchParams({ cwd, project, source: values.source ?? 'startup' });
    if (values.session) query.set('session_id', values.session);
    if (values.agent) query.set('agent', values.agent);
    const call = recallClient(deps);
    if (values.project !== undefined) await checkProject(call, values.project);
    const res = await callOrFail(call, 'GET', `/api/context?${query.toString()}`);
    if (res.status !== 200) throw apiFailure(res);
    const context = (res.body as { context?: unknown }).context;
    if (typeof context === 'string' && context !== '') print(context);
    return 0;
  },
);

/** `claude-mem context`: its help, options and handler (the command table's entry). */
export const CONTEXT_COMMAND = commandEntry(
  [
    `context [--project P] [--source ${alternatives(SESSION_SOURCES)}] [--session ID]`,
    '        [--agent A]',
  ],
  "Print exactly what SessionStart would inject (default: this folder's project, source startup; --agent: only that agent's memories)",
  contextCommand,
  { choices: { source: SESSION_SOURCES, agent: AGENTS } },
);
