import { CliError, usage } from '../cli-error.ts';
import { soleWord } from '../parse-options.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { commandEntry } from '../command-entry.ts';
import type { Command } from '../command.ts';

/** A memory `share` can address: an observation (`12`, `#12`) or a summary (`S12`, `#S12`). */
export interface ShareTarget {
  kind: 'observation' | 'summary';
  id: number;
}

/** Reads `12`, `#12`, `S12` or `#S12`; prompts (`P7`) are never shared. */
export function shareTarget(text: string | undefined, command: string): ShareTarget {
  if (text === undefined)
    throw usage(
      `${command} needs a memory id, as in: claude-mem ${command} 12 (or S12, a summary)`,
    );
  const match = /^#?([sS]?)(\d{1,15})$/.exec(text.trim());
  if (match && Number(match[2]) > 0) {
    return { kind: match[1] ? 'summary' : 'observation', id: Number(match[2]) };
  }
  const prompt = /^#?[pP]\d+$/.test(text.trim()) ? ': prompts are never shared' : '';
  throw usage(
    `"${text}" is not an observation or summary id${prompt}; expected 12 (observation) or S12 (summary), as search and the viewer list them`,
  );
}

const label = (target: ShareTarget): string =>
  target.kind === 'summary' ? `S${target.id}` : `#${target.id}`;

/**
 * `claude-mem share ID` / `unshare ID`: makes one of this machine's memories team memory, or
 * private again (team sync then pushes it, or deletes it on the server). A teammate's memory
 * is refused by the worker with their name.
 */
export const shareCommand = (shared: boolean): Command<RecallCommandDeps> =>
  async function share(args, print, deps = {}) {
    const target = shareTarget(soleWord(args), shared ? 'share' : 'unshare');
    const path = `/api/${target.kind === 'summary' ? 'summaries' : 'observations'}/${target.id}/share`;
    const scope = shared ? 'team' : 'private';
    const res = await callOrFail(recallClient(deps), 'POST', path, { scope });
    if (res.status === 404) {
      throw new CliError(
        `no ${target.kind} ${label(target)}: "claude-mem search <words>" lists existing ids`,
      );
    }
    if (res.status !== 200) throw apiFailure(res);
    const body = res.body as { title?: string; request?: string };
    const title = body.title ?? body.request ?? '';
    print(
      `${label(target)} ${shared ? 'shared with the team' : 'unshared: private to this machine again'}: ${title}`,
    );
    return 0;
  };

/** `claude-mem share`: its help, options and handler (the command table's entry). */
export const SHARE_COMMAND = commandEntry(
  'share <id>',
  'Share one memory with the team: an observation (12) or a summary (S12); team sync pushes it',
  shareCommand(true),
);

/** `claude-mem unshare`: its help, options and handler (the command table's entry). */
export const UNSHARE_COMMAND = commandEntry(
  'unshare <id>',
  "Make it private to this machine again (team sync removes it from the team); a teammate's memory is read-only",
  shareCommand(false),
);
