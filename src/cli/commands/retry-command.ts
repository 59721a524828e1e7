import { readOrCreateToken, workerRequest } from '../../client/index.ts';
import { dataDirFrom } from '../../config/index.ts';
import { releaseQuarantine } from '../../spool/index.ts';
import { parseOptions } from '../parse-options.ts';
import { compressionWorker, workerFailure, type CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';

/** The options `retry` accepts. */
export const RETRY_OPTIONS = { quarantine: { type: 'boolean' } } as const;

/**
 * `claude-mem retry`: puts every failed event and turn end back in the queue with a fresh count
 * of attempts; the worker compresses them on its next pass. `--quarantine` instead moves the
 * quarantined spool files back into the spool, for one more try at ingesting them (after a
 * database was repaired, say). Starts the worker when needed.
 */
export const retryCommand: Command<CompressCommandDeps> = async function retryCommand(
  args,
  print,
  deps = {},
) {
  const values = parseOptions(args, RETRY_OPTIONS);
  if (values.quarantine) {
    const moved = releaseQuarantine(dataDirFrom(deps.env ?? process.env));
    const running = await compressionWorker(deps).then(
      () => true,
      () => false,
    );
    const when = running ? 'the worker ingests them now' : 'the worker ingests them when it runs';
    print(`moved ${moved} quarantined files back to the spool; ${when}`);
    return 0;
  }
  const { port, dataDir } = await compressionWorker(deps);
  const res = await workerRequest(port, '/api/compression/retry', {
    method: 'POST',
    token: readOrCreateToken(dataDir),
    timeoutMs: 5_000,
  });
  if (res.status !== 200) throw workerFailure(res);
  const { events, turns } = (res.body as { requeued: { events: number; turns: number } }).requeued;
  print(
    `requeued ${events} failed events and ${turns} failed turn ends; the worker compresses them now`,
  );
  return 0;
};

/** `claude-mem retry`: its help, options and handler (the command table's entry). */
export const RETRY_COMMAND = commandEntry(
  'retry [--quarantine]',
  'Retry failed events and turn ends now (--quarantine: move quarantined spool files back to the spool)',
  retryCommand,
  { options: RETRY_OPTIONS },
);
