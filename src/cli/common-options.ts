import type { Options } from './parse-options.ts';

/**
 * The options that mean the same in every command that takes them, declared once: a command's
 * options object names them (`project: FLAG.project`) beside its own, in the order its errors
 * list them. `install --project` and `--agent` mean other things and are install's own.
 */
export const FLAG = {
  /** `--project P`: one project, by name. */
  project: { type: 'string' },
  /** `--since DATE`: from this time on (DATE as `--help` describes it). */
  since: { type: 'string' },
  /** `--until DATE`: up to this time. */
  until: { type: 'string' },
  /** `--session ID`: one session. */
  session: { type: 'string' },
  /** `--agent A`: the memories one agent made. */
  agent: { type: 'string' },
  /** `--json`: the answer as JSON, for scripts. */
  json: { type: 'boolean' },
  /** `--dry-run`: say what would be done, and do nothing. */
  'dry-run': { type: 'boolean' },
  /** `-y`, `--yes`: go ahead without asking first. */
  yes: { type: 'boolean', short: 'y' },
} as const satisfies Options;
