import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { dataDirFrom } from '../../config/index.ts';
import { parseTime } from '../../search/index.ts';
import { listSpool } from '../../spool/index.ts';
import { exportChunks, type ExportFilter } from '../../store/index.ts';
import { openDirectRead } from '../admin/read-direct.ts';
import { adminWorker, runningAdminWorker } from '../admin/worker-admin.ts';
import { usage } from '../cli-error.ts';
import { parseOptions } from '../parse-options.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** Ambient parts of `export`; defaults are the real process. */
export interface ExportCommandDeps extends CompressCommandDeps {
  stdout?: Writable;
  now?: () => number;
}

/** The options `export` accepts. */
export const EXPORT_OPTIONS = {
  project: FLAG.project,
  since: FLAG.since,
  format: { type: 'string', default: 'jsonl' },
  output: { type: 'string', short: 'o' },
} as const;

const isFormat = (format: string): format is 'json' | 'jsonl' =>
  format === 'json' || format === 'jsonl';

function parse(args: string[], now: number) {
  const values = parseOptions(args, EXPORT_OPTIONS);
  const format = values.format;
  if (!isFormat(format)) {
    throw usage(`--format: expected json or jsonl, got "${format}"`);
  }
  const filter: ExportFilter = {
    project: values.project || undefined,
    since: values.since ? sinceOf(values.since, now) : undefined,
  };
  return { format, filter, output: values.output };
}

/** The export as the worker serves it, when one runs or must be started. */
async function fromWorker(
  worker: { stream(path: string): Promise<Response> },
  format: string,
  filter: ExportFilter,
) {
  const query = new URLSearchParams({ format });
  if (filter.project) query.set('project', filter.project);
  if (filter.since !== undefined) query.set('since', String(filter.since));
  const res = await worker.stream(`/api/admin/export?${query.toString()}`);
  return Readable.fromWeb(res.body as WebStream<Uint8Array>);
}

/**
 * The export's bytes: from the running worker; with none running, read from the database file
 * directly (read-only: starting a worker only to read left one running, issue 33); through a
 * started worker only when the file's schema needs the worker's migration.
 */
async function exportBody(
  deps: ExportCommandDeps,
  format: 'json' | 'jsonl',
  filter: ExportFilter,
  now: number,
): Promise<Readable> {
  const env = deps.env ?? process.env;
  const running = runningAdminWorker(env);
  if (running) return fromWorker(running, format, filter);
  const dataDir = dataDirFrom(env);
  const direct = openDirectRead(dataDir);
  if (!direct) return fromWorker(await adminWorker(deps), format, filter);
  const waiting = listSpool(dataDir).length;
  if (waiting > 0) {
    process.stderr.write(
      `note: ${waiting.toLocaleString('en-US')} captured events wait in the spool for the worker and are not in this export\n`,
    );
  }
  const body = Readable.from(exportChunks(direct.db, filter, format, now));
  body.once('close', direct.close);
  return body;
}

function sinceOf(text: string, now: number): number {
  try {
    return parseTime(text, 'since', now);
  } catch (error) {
    throw usage(`--${(error as Error).message}`);
  }
}

/**
 * `claude-mem export [--project P] [--since DATE] [--format json|jsonl] [-o FILE]`: sessions,
 * prompts, observations and summaries with ids and provenance, streamed from the worker to
 * stdout or to FILE (written whole or not at all: a temp file renamed at the end). With no worker
 * running it reads the database file itself and starts none.
 */
export const exportCommand: Command<ExportCommandDeps> = async function exportCommand(
  args,
  print,
  deps = {},
) {
  const now = (deps.now ?? Date.now)();
  const { format, filter, output } = parse(args, now);
  const body = await exportBody(deps, format, filter, now);
  if (output === undefined) {
    await pipeline(body, deps.stdout ?? process.stdout, { end: false });
    return 0;
  }
  const temp = `${output}.${process.pid}.tmp`;
  try {
    await pipeline(body, createWriteStream(temp, { mode: 0o600 }));
    renameSync(temp, output);
  } finally {
    rmSync(temp, { force: true });
  }
  print(`exported to ${output} (${statSync(output).size.toLocaleString('en-US')} bytes)`);
  return 0;
};

/** `claude-mem export`: its help, options and handler (the command table's entry). */
export const EXPORT_COMMAND = commandEntry(
  'export [--project P] [--since DATE] [--format json|jsonl] [-o|--output FILE]',
  'Write sessions, prompts, observations, summaries (default jsonl, to stdout)',
  exportCommand,
  { options: EXPORT_OPTIONS },
);
