import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { parseTime } from '../../search/index.ts';
import { adminWorker } from '../admin/worker-admin.ts';
import { usage } from '../cli-error.ts';
import { parseOptions } from '../parse-options.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';

/** Ambient parts of `export`; defaults are the real process. */
export interface ExportCommandDeps extends CompressCommandDeps {
  stdout?: Writable;
  now?: () => number;
}

/** The options `export` accepts. */
export const EXPORT_OPTIONS = {
  project: { type: 'string' },
  since: { type: 'string' },
  format: { type: 'string', default: 'jsonl' },
  output: { type: 'string', short: 'o' },
} as const;

function parse(args: string[], now: number) {
  const values = parseOptions(args, EXPORT_OPTIONS);
  if (values.format !== 'json' && values.format !== 'jsonl') {
    throw usage(`--format: expected json or jsonl, got "${values.format}"`);
  }
  const query = new URLSearchParams({ format: values.format });
  if (values.project) query.set('project', values.project);
  if (values.since) query.set('since', String(sinceOf(values.since, now)));
  return { query, output: values.output };
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
 * stdout or to FILE (written whole or not at all: a temp file renamed at the end).
 */
export const exportCommand: Command<ExportCommandDeps> = async function exportCommand(
  args,
  print,
  deps = {},
) {
  const { query, output } = parse(args, (deps.now ?? Date.now)());
  const worker = await adminWorker(deps);
  const res = await worker.stream(`/api/admin/export?${query.toString()}`);
  const body = Readable.fromWeb(res.body as WebStream<Uint8Array>);
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
