import { loggable, type CompressorChain } from '../../compress/index.ts';
import { createPoller, type Logger, type Settings } from '../../config/index.ts';
import { settleTurnEnds, type Db } from '../../store/index.ts';
import { failBatch, retryAt, storeObservations, storeSummary } from './compress-apply.ts';
import {
  collectEventWork,
  collectSummaryWork,
  type EventWork,
  type SummaryWork,
} from './compress-work.ts';
import type { TeamShareOf } from '../team/team-share.ts';

/** What the compression loop works with. */
export interface CompressLoopDeps {
  db: Db;
  settings: Settings;
  chain: CompressorChain;
  log: Logger;
  now: () => number;
  /** Fallback pass interval (flushes, retries that came due). */
  intervalMs?: number;
  /** How long stop() lets work in flight finish before aborting it. */
  stopGraceMs?: number;
  /** `team.share` for a project root (default: nothing is shared on its own). */
  teamShareOf?: TeamShareOf | undefined;
}

/** The running compression. */
export interface CompressLoop {
  start(): void;
  /** Run a pass soon (coalesced with one running). */
  kick(): void;
  /** Resolves when no pass is running (tests and the retry route). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Runs `task` over `items`, at most `limit` at once. A task that throws (its store hit a locked
 * database) is reported and the others go on: the pass must not end while work is in flight,
 * or the next pass would pick the same still-pending batch.
 */
async function pool<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<void> {
  const queue = [...items];
  const lane = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await task(item).catch(onError);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, lane));
}

/**
 * Compresses pending events into observations and turns into summaries, in passes: on start,
 * after each ingest (kick) and every `intervalMs`. Passes never overlap; within one, up to
 * `compress.concurrency` requests run at once. A batch that fails is marked `failed` with the
 * reason and a retry time (exponential backoff); stop() lets work in flight finish for a grace
 * period, then aborts it, and aborted work stays `pending`.
 */
export function createCompressLoop(deps: CompressLoopDeps): CompressLoop {
  const { db, settings, chain, log, now } = deps;
  const shareOf = deps.teamShareOf ?? (() => 'off' as const);
  const abort = new AbortController();
  let stopped = false;

  async function runEvents(work: EventWork): Promise<void> {
    if (abort.signal.aborted) return; // Stopping: queued work stays pending for the next worker.
    try {
      const result = await chain.compressTurn(work.batch, {
        finalAttempt: work.finalAttempt,
        signal: abort.signal,
      });
      storeObservations(db, work, result, now(), shareOf(work.turn.projectRoot));
      if (result.fellBackLog) {
        log.log('warn', `compression fell back: ${result.fellBackLog}`, {
          events: work.batch.events.length,
        });
      }
    } catch (error) {
      if (abort.signal.aborted) return;
      const when = retryAt(now(), settings['compress.failedRetryMs'], work.turn.attempts);
      failBatch(db, work, message(error), when, now());
      log.log('warn', `compression of a batch failed, retry later: ${loggable(error)}`, {
        events: work.batch.events.length,
      });
    }
  }

  async function runSummary(work: SummaryWork): Promise<void> {
    if (abort.signal.aborted) return;
    const turn = { sessionRowId: work.turn.sessionRowId, promptNumber: work.turn.promptNumber };
    if (work.plan.kind === 'skip') {
      settleTurnEnds(db, turn, 'skipped', work.plan.reason);
      return;
    }
    try {
      const result = await chain.summarizeTurn(work.input, {
        finalAttempt: work.finalAttempt,
        signal: abort.signal,
      });
      storeSummary(db, work, result, now(), shareOf(work.turn.projectRoot));
      if (result.fellBackLog) log.log('warn', `turn summary fell back: ${result.fellBackLog}`);
    } catch (error) {
      if (abort.signal.aborted) return;
      settleTurnEnds(
        db,
        turn,
        'failed',
        message(error),
        retryAt(now(), settings['compress.failedRetryMs'], work.turn.attempts),
      );
      log.log('warn', `summary of a turn failed, retry later: ${loggable(error)}`);
    }
  }

  let unstored = 0;
  /** The work stays pending (its transaction rolled back) and a later pass does it again. */
  function notStored(error: unknown): void {
    unstored += 1;
    log.log('warn', `compression result not stored, the work stays pending: ${loggable(error)}`);
  }

  async function pass(): Promise<void> {
    const limit = settings['compress.concurrency'];
    for (let round = 0; round < 10_000 && !stopped; round += 1) {
      unstored = 0;
      const events = collectEventWork(db, settings, now());
      await pool(events, limit, runEvents, notStored);
      const summaries = stopped ? [] : collectSummaryWork(db, settings, now());
      await pool(summaries, limit, runSummary, notStored);
      // Work left pending would be collected again at once: another round would pay the LLM
      // again for a result the database still cannot take. The poller backs off instead.
      if (unstored > 0)
        throw new Error(`results not stored: ${unstored}; the next pass waits a while`);
      if (events.length + summaries.length === 0) return;
    }
  }

  // A pass that rejects (not a batch: those are caught above) backs the poller off.
  const poller = createPoller({
    run: pass,
    intervalMs: deps.intervalMs ?? 5_000,
    onError: (error) => log.log('error', `compression pass failed: ${loggable(error)}`),
  });

  return {
    start: () => poller.start(),
    kick() {
      if (!stopped) poller.kick();
    },
    async idle() {
      for (let run = poller.current(); run; run = poller.current()) await run;
    },
    async stop() {
      stopped = true;
      const stopping = poller.stop();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deps.stopGraceMs ?? 5_000);
      });
      await Promise.race([stopping, grace]);
      clearTimeout(timer);
      abort.abort();
      await stopping;
    },
  };
}
