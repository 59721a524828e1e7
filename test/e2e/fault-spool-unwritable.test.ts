// Fault: the spool cannot be written (disk full, permissions lost), injected through runHook's
// `writeFile` seam (the one place the hook writes an event). The hook still answers Claude Code
// with the neutral JSON and returns, logs the failure, keeps the event in the worker's disk-full
// reserve (which the worker moves into the spool), and records the failure in state/spool-error,
// where `claude-mem doctor` finds it; the next capture that succeeds clears the record.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { logFile } from '../../src/config/index.ts';
import { runHook } from '../../src/hooks/run-hook.ts';
import {
  listSpool,
  readSpoolError,
  spoolErrorFile,
  type WriteFile,
} from '../../src/spool/index.ts';
import { cli } from '../helpers/cli.ts';
import { CLI_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { postToolUse, readCall } from '../helpers/hook-payloads.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';
const FAILURES = [
  { code: 'ENOSPC', message: 'no space left on device' },
  { code: 'EACCES', message: 'permission denied' },
] as const;

function failingWrite(code: string, message: string): WriteFile {
  return () => {
    throw Object.assign(new Error(`${code}: ${message}, open '<spool file>'`), { code });
  };
}

/** Runs one PostToolUse hook in this process, as dist/hook.cjs would; returns what it printed. */
async function hook(home: TestHome, id: string, writeFile?: WriteFile): Promise<string> {
  const chunks: Buffer[] = [];
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  await runHook('PostToolUse', {
    stdin: Readable.from([postToolUse('spool-fault', id, readCall('/repo/a.ts', 'export {};'))]),
    stdout,
    env: home.env,
    cliEntry: CLI_BUNDLE,
    writeFile,
  });
  return Buffer.concat(chunks).toString('utf8');
}

const doctorSpoolLine = async (home: TestHome): Promise<string> =>
  (await cli(['doctor'], home.env)).stdout.split('\n').find((line) => /^\S+ +spool /.test(line)) ??
  '';

for (const { code, message } of FAILURES) {
  describe(`the spool cannot be written (${code})`, () => {
    let home: TestHome;
    let output: string;
    let doctorDuring: string;
    let recorded: ReturnType<typeof readSpoolError>;
    let outputAfter: string;
    let doctorAfter: string;

    before(async () => {
      home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
      await startWorker(home);
      output = await hook(home, `toolu_lost_${code}`, failingWrite(code, message));
      recorded = readSpoolError(home.dataDir);
      doctorDuring = await doctorSpoolLine(home);
      outputAfter = await hook(home, `toolu_kept_${code}`);
      await waitForDrain(home);
      doctorAfter = await doctorSpoolLine(home);
    });

    after(async () => {
      await stopWorker(home);
      home.cleanup();
    });

    it('answers Claude Code with the neutral JSON', () => {
      assert.equal(output, NEUTRAL_LINE);
    });

    it('logs that the spool could not be written, with the error code', () => {
      assert.match(
        readFileSync(logFile(home.dataDir), 'utf8'),
        new RegExp(`ERROR \\[hook\\] PostToolUse: could not write the spool .*${code}`),
      );
    });

    it('records the failure in state/spool-error for doctor', () => {
      assert.equal(recorded?.code, code);
    });

    it('has doctor report it as a failed spool check, with the code', () => {
      assert.match(
        doctorDuring,
        new RegExp(`^FAIL spool +a hook could not write .* \\(${code}\\)`),
      );
    });

    it('captures the next event, clears the record, and doctor is happy again', () => {
      assert.equal(outputAfter, NEUTRAL_LINE);
      assert.equal(existsSync(spoolErrorFile(home.dataDir)), false);
      assert.match(doctorAfter, /^OK +spool +0 waiting, 0 quarantined/);
    });

    it('stored both events (the failed write through the reserve), and the spool is empty', () => {
      assert.deepEqual(
        [storedToolUseIds(home.dataDir, 'tool_use_id'), listSpool(home.dataDir).length],
        [[`toolu_kept_${code}`, `toolu_lost_${code}`], 0],
      );
    });
  });
}
