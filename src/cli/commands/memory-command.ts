import type { Print } from '../cli-command.ts';
import type { WorkerCall } from '../../mcp/worker-client.ts';
import { knownNote, olderNote } from '../../domain/index.ts';
import type { ChainLink } from '../../domain/recall-api.ts';
import type { ObservationRecord } from '../../store/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { parseOptions, soleWord } from '../parse-options.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { fetchUse, formatUse } from './memory-use.ts';
import { commandEntry } from '../command-entry.ts';
import type { Command } from '../command.ts';
import { FLAG } from '../common-options.ts';

/** A full observation as GET /api/observations/:id returns it: the stored record, pinned a boolean. */
export type FullObservation = Omit<ObservationRecord, 'pinned'> & {
  pinned: boolean;
  /** The supersession chain it belongs to, oldest first (issue 34). */
  chain?: ChainLink[] | undefined;
};

/** The options `show` accepts. */
export const SHOW_OPTIONS = { json: FLAG.json } as const;

/** `12` or `#12`; a summary (`S12`) or prompt (`P12`) id is not an observation. */
export function observationId(text: string | undefined, command: string): number {
  if (text === undefined)
    throw usage(`${command} needs an observation id, as in: claude-mem ${command} 12`);
  const match = /^#?(\d+)$/.exec(text.trim());
  if (match && Number(match[1]) > 0) return Number(match[1]);
  throw usage(
    `"${text}" is not an observation id: expected a number such as 12 (search and context list them as #12)`,
  );
}

/** GET one observation, or a CLI error (404: no such id). */
export async function fetchObservation(call: WorkerCall, id: number): Promise<FullObservation> {
  const res = await callOrFail(call, 'GET', `/api/observations/${id}`);
  if (res.status === 404) {
    throw new CliError(`no observation #${id}: "claude-mem search <words>" lists existing ids`);
  }
  if (res.status !== 200) throw apiFailure(res);
  return res.body as FullObservation;
}

/** `2026-11-24 17:54 UTC`. */
const utc = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const listed = (label: string, values: readonly unknown[]): string[] =>
  values.length > 0 ? [`${label}: ${values.map(String).join(', ')}`] : [];

/** Whose memory it is and who sees it (team memory); nothing for a private one of ours. */
function teamLine(o: FullObservation): string[] {
  if (o.author) return [`Team memory by ${o.author} (read-only here)`];
  return o.scope === 'team' ? ['Shared with the team ("claude-mem unshare" makes it private)'] : [];
}

/**
 * How it is known, what superseded it, and its chain (issue 34):
 * `Chain: #3 (2026-11-01) -> #9 (2026-11-20, superseded #3) <- this one`.
 */
function truthLines(o: FullObservation): string[] {
  const known = knownNote(o.known, o.known_by);
  const by = o.superseded_by;
  const older =
    by != null
      ? `${o.superseded_local ? 'Marked older here' : 'No longer true'}: ${olderNote({ by, at: o.superseded_at ?? null, stored: true })} ("claude-mem show ${by}")`
      : '';
  const chain = o.chain ?? [];
  const links = chain.map(
    (link) =>
      `#${link.id} (${utc(link.created_at).slice(0, 10)})${link.id === o.id ? ' <- this one' : ''}`,
  );
  return [
    ...(known ? [`Known: ${known}`] : []),
    ...(older ? [older] : []),
    ...(chain.length > 1 ? [`Chain, oldest first: ${links.join(' -> ')}`] : []),
  ];
}

/** Every field of one observation, for people. */
export function formatObservation(o: FullObservation): string[] {
  const prompt = o.prompt_number === null ? '' : `  Prompt ${o.prompt_number} of the session`;
  const updated = o.updated_at !== o.created_at ? `  Updated: ${utc(o.updated_at)}` : '';
  const model = o.model ? ` ${o.model}` : '';
  return [
    `#${o.id} ${o.type}${o.pinned ? ' (pinned)' : ''}: ${o.title}`,
    ...(o.subtitle ? [o.subtitle] : []),
    `Project: ${o.project}  Session: ${o.session_id ?? 'none'}${prompt}`,
    `Created: ${utc(o.created_at)}${updated}`,
    ...teamLine(o),
    ...truthLines(o),
    `By: ${o.provider}${model}, ${o.tokens_in.toLocaleString('en-US')} tokens in, ${o.tokens_out.toLocaleString('en-US')} out`,
    ...(o.narrative ? ['', o.narrative] : []),
    ...(o.facts.length > 0 ? ['', 'Facts:', ...o.facts.map((fact) => `- ${fact}`)] : []),
    '',
    ...listed('Concepts', o.concepts),
    ...listed('Files read', o.files_read),
    ...listed('Files modified', o.files_modified),
    ...listed(
      'From events',
      o.source_event_ids.map((id) => `#${String(id)}`),
    ),
  ];
}

/** `claude-mem show ID [--json]`: one observation in full, and when it was injected and used. */
export async function showCommand(args: string[], print: Print, deps: RecallCommandDeps = {}) {
  const [id, ...rest] = args;
  const values = parseOptions(rest, SHOW_OPTIONS);
  const call = recallClient(deps);
  const observation = await fetchObservation(call, observationId(id, 'show'));
  const use = await fetchUse(call, observation.id);
  const text = () =>
    [...formatObservation(observation), ...(use ? formatUse(observation.id, use) : [])]
      .join('\n')
      .trimEnd();
  print(values.json ? JSON.stringify({ ...observation, use }, null, 2) : text());
  return 0;
}

/**
 * `claude-mem pin ID` (`pinned`) or `unpin ID`: pinned observations come first in every
 * context.
 */
export const pinCommand = (pinned: boolean): Command<RecallCommandDeps> =>
  async function pin(args, print, deps = {}) {
    const id = observationId(soleWord(args), pinned ? 'pin' : 'unpin');
    const call = recallClient(deps);
    const res = await callOrFail(call, 'POST', `/api/observations/${id}/pin`, { pinned });
    if (res.status === 404) await fetchObservation(call, id);
    if (res.status !== 200) throw apiFailure(res);
    const title = (res.body as { title?: string }).title ?? '';
    print(`#${id} ${pinned ? 'pinned: shown first in every context' : 'unpinned'}: ${title}`);
    return 0;
  };

/** `claude-mem show`: its help, options and handler (the command table's entry). */
export const SHOW_COMMAND = commandEntry(
  'show <id> [--json]',
  'One observation in full: every field, files, session, dates, whether it is pinned, when it was injected and used',
  showCommand,
  { options: SHOW_OPTIONS },
);

/** `claude-mem pin`: its help, options and handler (the command table's entry). */
export const PIN_COMMAND = commandEntry(
  'pin <id>',
  'Pin an observation: listed first in every context',
  pinCommand(true),
);

/** `claude-mem unpin`: its help, options and handler (the command table's entry). */
export const UNPIN_COMMAND = commandEntry('unpin <id>', 'Unpin it again', pinCommand(false));
