// Runs test files, each in its own `node --test` process, a few at a time, each with a time
// limit: a file that hangs (a worker that never became healthy, a handle left open) is killed
// with its whole process group, and the run goes on and names it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPORTER = join(import.meta.dirname, 'events-reporter.mjs');
/** Past node's own per-test limit, the watchdog's grace for the file to report and exit. */
const graceMs = (timeoutMs) => Math.min(30_000, timeoutMs);

const running = new Set();
/** Kills every test process group still running (the runner itself was interrupted). */
export function killAll() {
  for (const child of running) killGroup(child);
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** The environment without node:test's marker: a runner started from a test runs its own. */
function ownEnv() {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

function readEvents(path) {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/**
 * One file's outcome: `status` is 'passed', 'failed' or 'timed out'; `events` the reporter's
 * lines; `output` the spec reporter's text and anything the process printed.
 */
function runFile(file, { timeoutMs, scratch, index }) {
  const eventsPath = join(scratch, `${index}.jsonl`);
  const args = [
    '--import',
    'tsx',
    '--test',
    `--test-timeout=${timeoutMs}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${REPORTER}`,
    `--test-reporter-destination=${eventsPath}`,
    file,
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that the watchdog also ends what the test file spawned.
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: ownEnv(),
    });
    running.add(child);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let timedOut = false;
    const watchdog = setTimeout(
      () => {
        timedOut = true;
        killGroup(child);
      },
      timeoutMs + graceMs(timeoutMs),
    );
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      running.delete(child);
      const events = readEvents(eventsPath);
      // Node 20 applies --test-timeout to the whole file too, and reports that as a failure.
      const hitLimit = timedOut || events.some((e) => e.kind === 'testTimeoutFailure');
      const status = hitLimit ? 'timed out' : code === 0 ? 'passed' : 'failed';
      resolve({
        file,
        status,
        code,
        signal,
        timeoutMs,
        ms: Date.now() - started,
        events,
        output: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
}

/**
 * Runs `files` with `concurrency` lanes, each with the limit `timeoutMs(file)`; `onDone(result)`
 * is called as each file ends, so that output comes file by file instead of interleaved.
 */
export async function runFiles(files, { concurrency, timeoutMs, onDone }) {
  const scratch = mkdtempSync(join(tmpdir(), 'claude-mem-run-tests-'));
  const queue = files.map((file, index) => ({ file, index }));
  const results = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await runFile(next.file, {
        timeoutMs: timeoutMs(next.file),
        scratch,
        index: next.index,
      });
      results.push(result);
      onDone(result);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, lane));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}
