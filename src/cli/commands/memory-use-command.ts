import type { Print } from '../cli-command.ts';
import { soleWord } from '../parse-options.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { fetchObservation, observationId } from './memory-command.ts';
import { commandEntry } from '../command-entry.ts';

/** `claude-mem unsink ID`: the memory's past neglect no longer sinks it in ranking. */
export async function unsinkCommand(
  args: string[],
  print: Print,
  deps: RecallCommandDeps = {},
): Promise<number> {
  const id = observationId(soleWord(args), 'unsink');
  const call = recallClient(deps);
  const res = await callOrFail(call, 'POST', `/api/observations/${id}/unsink`);
  if (res.status === 404) await fetchObservation(call, id);
  if (res.status !== 200) throw apiFailure(res);
  print(`#${id} unsunk: it ranks by its age again, however often it went unused before`);
  return 0;
}

/** `claude-mem unsink`: its help and handler (the command table's entry). */
export const UNSINK_COMMAND = commandEntry(
  'unsink <id>',
  'Reset its decay: sessions that were given it and did not use it no longer rank it lower',
  unsinkCommand,
);
