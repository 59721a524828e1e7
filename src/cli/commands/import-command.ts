import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { EXPORT_KINDS } from '../../store/index.ts';
import { adminWorker, type AdminWorker } from '../admin/worker-admin.ts';
import { CliError, usage } from '../cli-error.ts';
import type { CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';

type Row = Record<string, unknown>;
type Counts = Record<string, { added: number; skipped: number }>;

const BATCH = 1_000;
const PLURAL = {
  session: 'sessions',
  prompt: 'prompts',
  observation: 'observations',
  summary: 'summaries',
} as const;

function checkHeader(header: Row, file: string): void {
  if (header.format !== 'claude-mem-export')
    throw new CliError(`${file} is not a claude-mem export`);
  if (typeof header.version !== 'number' || header.version > 1) {
    throw new CliError(
      `${file} was written by a newer claude-mem (format version ${String(header.version)})`,
    );
  }
}

function parseLine(line: string, file: string, n: number): Row {
  try {
    return JSON.parse(line) as Row;
  } catch {
    throw new CliError(`${file}:${n}: not a JSON line`);
  }
}

/** JSONL: read line by line, so an export of any size is never held whole. */
async function* jsonlRecords(file: string): AsyncGenerator<Row> {
  let n = 0;
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    n += 1;
    if (line.trim() === '') continue;
    const row = parseLine(line, file, n);
    if (n === 1) checkHeader(row, file);
    else yield row;
  }
}

/** One JSON object with an array per kind: records in export order, each given its kind. */
function* jsonRecords(whole: Row): Generator<Row> {
  for (const kind of EXPORT_KINDS) {
    const list = whole[PLURAL[kind]];
    if (Array.isArray(list)) for (const row of list) yield { ...(row as Row), kind };
  }
}

const HEADER_EXAMPLE = '{"kind":"header","format":"claude-mem-export","version":1,...}';

/**
 * The whole file as one JSON export. When it is not JSON but its first line is, it is a JSONL
 * file without the header line that `claude-mem export --format jsonl` writes first: say so,
 * rather than call a valid line 1 "not a JSON line" (issue 12).
 */
function parseWhole(text: string, file: string): Row {
  try {
    return JSON.parse(text) as Row;
  } catch {
    const first = text.split('\n', 1)[0] ?? '';
    let row: unknown;
    try {
      row = JSON.parse(first);
    } catch {
      throw new CliError(`${file}:1: not a JSON line`);
    }
    const kind = (row as Row | null)?.kind;
    const found = typeof kind === 'string' ? `a "${kind}" record` : 'JSON but no header';
    throw new CliError(
      `${file} is missing its header line: a JSONL export starts with ${HEADER_EXAMPLE} on line 1, and line 1 here is ${found}`,
    );
  }
}

/** Why `file` cannot be read, in our words (node's are `EISDIR: illegal operation on a directory`). */
function unreadable(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `no such file: ${file}`;
  if (code === 'EISDIR')
    return `${file} is a folder, expected an export file (claude-mem export -o FILE)`;
  if (code === 'EACCES' || code === 'EPERM')
    return `${file} cannot be read by you (permission denied)`;
  return `cannot read ${file}: ${(error as Error).message}`;
}

/** The first bytes of a file: enough to tell a JSONL export (a header line) from JSON. */
function head(file: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(4096);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } catch (error) {
    throw new CliError(unreadable(file, error));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function recordsOf(file: string): AsyncIterable<Row> | Iterable<Row> {
  const isJsonl = /^\s*\{\s*"kind"\s*:\s*"header"/.test(head(file));
  if (isJsonl) return jsonlRecords(file);
  const whole = parseWhole(readFileSync(file, 'utf8'), file);
  checkHeader(whole, file);
  return jsonRecords(whole);
}

/**
 * Reads an export through to its end without sending anything: throws the CliError that an
 * import would (not an export, a line that is not JSON, a newer format), so a repair can refuse
 * a broken export before it moves the database aside. Returns how many records it holds.
 */
export async function checkExport(file: string): Promise<number> {
  let n = 0;
  for await (const record of recordsOf(file)) if (record) n += 1;
  return n;
}

/** A progress line on a terminal's stderr (redrawn in place), every 10 batches. */
function progress(sent: number, started: number, stream = process.stderr): void {
  if (!stream.isTTY || sent % (BATCH * 10) !== 0) return;
  const rate = Math.round(sent / Math.max(0.001, (Date.now() - started) / 1000));
  stream.write(
    `\r  ${sent.toLocaleString('en-US')} records sent (${rate.toLocaleString('en-US')}/s)`,
  );
}

async function send(
  worker: AdminWorker,
  records: Row[],
  counts: Counts,
  aside: { count: number },
): Promise<void> {
  if (records.length === 0) return;
  const res = await worker.post<{ counts: Counts; setAside?: number }>('/api/admin/import', {
    records,
  });
  aside.count += res.setAside ?? 0;
  for (const [kind, c] of Object.entries(res.counts)) {
    const sum = (counts[kind] ??= { added: 0, skipped: 0 });
    sum.added += c.added;
    sum.skipped += c.skipped;
  }
}

/**
 * `claude-mem import <file>`: merges an export (JSON or JSONL) into this memory, in batches,
 * with deduplication in the worker: importing the same file twice adds nothing.
 */
export const importCommand: Command<CompressCommandDeps> = async function importCommand(
  args,
  print,
  deps = {},
) {
  const [file, ...extra] = args;
  if (file === undefined || file.startsWith('-') || extra.length > 0) {
    throw usage('import takes one file: claude-mem import <file>');
  }
  const records = recordsOf(file);
  const worker = await adminWorker(deps);
  const counts: Counts = {};
  const aside = { count: 0 };
  let batch: Row[] = [];
  let sent = 0;
  const started = Date.now();
  for await (const record of records) {
    batch.push(record);
    if (batch.length >= BATCH) {
      await send(worker, batch, counts, aside);
      sent += batch.length;
      batch = [];
      progress(sent, started);
    }
  }
  await send(worker, batch, counts, aside);
  if (process.stderr.isTTY && sent >= BATCH * 10) process.stderr.write('\n');
  print(`imported ${file}:`);
  for (const kind of EXPORT_KINDS) {
    const c = counts[kind] ?? { added: 0, skipped: 0 };
    print(`  ${PLURAL[kind]}: ${c.added} added, ${c.skipped} already there`);
  }
  if (aside.count > 0) {
    print(
      `  ${aside.count} records set aside: not records of an export, or refused by the database`,
    );
  }
  return 0;
};

/** `claude-mem import`: its help, options and handler (the command table's entry). */
export const IMPORT_COMMAND = commandEntry(
  'import <file>',
  'Merge an export (duplicates are skipped)',
  importCommand,
);
