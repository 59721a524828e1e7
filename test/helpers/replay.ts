import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import {
  listTranscriptFiles,
  replayTranscript,
  type HookPayload,
} from '../../src/transcripts/index.ts';
import { HOOK_BUNDLE } from './env.ts';

/**
 * The real transcripts that capture is tested on: a small subset of the evaluation corpus,
 * shipped in the repository (the SOURCE.md of each folder of fixtures/transcripts says where each comes from and
 * under which licence) so that a plain clone tests the same thing.
 */
export const CORPUS = join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts');
export const CORPUS_DIRS = [
  join(CORPUS, 'spotter-transcripts'),
  join(CORPUS, 'claude-code-log-real-projects'),
];

/** One transcript file and the hook payloads Claude Code would have sent for it. */
export interface ReplayedFile {
  file: string;
  payloads: HookPayload[];
}

/** Every transcript of the given folders, replayed into payloads. */
export function replayCorpus(dirs: readonly string[] = CORPUS_DIRS): ReplayedFile[] {
  return dirs.flatMap((dir) =>
    listTranscriptFiles(dir).map((file) => ({
      file,
      payloads: replayTranscript(readFileSync(file, 'utf8'), { transcriptPath: file }),
    })),
  );
}

/** The tool payloads (PostToolUse and PostToolUseFailure) of a replay. */
export function toolPayloads(payloads: readonly HookPayload[]): HookPayload[] {
  return payloads.filter(
    (p) => p.hook_event_name === 'PostToolUse' || p.hook_event_name === 'PostToolUseFailure',
  );
}

/**
 * Runs every payload through the real hook command: files in parallel (`concurrency` at once),
 * each file's payloads in order, as one Claude Code session would. Returns every run.
 */
export async function runReplay(
  files: readonly ReplayedFile[],
  env: NodeJS.ProcessEnv,
  { concurrency = 3, afterRun }: { concurrency?: number; afterRun?: () => void } = {},
): Promise<HookRun[]> {
  const runs: HookRun[] = [];
  const queue = [...files];
  const lane = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const payload of next.payloads) {
        runs.push(
          await runHookProcess(HOOK_BUNDLE, payload.hook_event_name, JSON.stringify(payload), env),
        );
        afterRun?.();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return runs;
}
