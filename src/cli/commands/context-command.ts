import { resolveProject } from '../../config/index.ts';
import { AGENTS, SESSION_SOURCES } from '../../domain/index.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { checkChoice, checkProject } from './recall-args.ts';
import { optionsCommand } from '../command.ts';

/** The options `context` accepts. */
export const CONTEXT_OPTIONS = {
  project: { type: 'string' },
  source: { type: 'string' },
  session: { type: 'string' },
  agent: { type: 'string' },
} as const;

/**
 * `claude-mem context [--project P] [--source startup|resume|clear|compact] [--session ID]`:
 * prints exactly what SessionStart would inject, from the same worker endpoint the hook calls.
 * The project defaults to the one of the current folder.
 */
export const contextCommand = optionsCommand<typeof CONTEXT_OPTIONS, RecallCommandDeps>(
  CONTEXT_OPTIONS,
  async function contextCommand(values, print, deps) {
    checkChoice('source', values.source, SESSION_SOURCES);
    checkChoice('agent', values.agent, AGENTS);
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
