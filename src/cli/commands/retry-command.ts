import { readOrCreateToken, workerRequest } from '../../client/index.ts';
import { usage } from '../cli-error.ts';
import { compressionWorker, workerFailure, type CompressCommandDeps } from './status-command.ts';

/**
 * `claude-mem retry`: puts every failed event and turn end back in the queue with a fresh count
 * of attempts; the worker compresses them on its next pass. Starts the worker when needed.
 */
export async function retryCommand(
  args: string[],
  print: (line: string) => void,
  deps: CompressCommandDeps = {},
): Promise<number> {
  if (args.length > 0) throw usage(`retry takes no arguments, got "${args[0]}"`);
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
}
