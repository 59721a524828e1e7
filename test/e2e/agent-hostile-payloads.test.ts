import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { agentSpecs } from '../../src/cli/install/agents/specs.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { MALFORMED_CASES } from '../helpers/hostile-cases.ts';
import { ODD_CASES } from '../helpers/odd-payload-cases.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

/** Copilot's field names for Claude Code's, to turn each hostile payload into its camelCase twin. */
const CAMEL: Record<string, string> = {
  session_id: 'sessionId',
  tool_name: 'toolName',
  tool_input: 'toolArgs',
  tool_response: 'toolResult',
  transcript_path: 'transcriptPath',
  last_assistant_message: 'lastAssistantMessage',
};

function camelTwin(stdin: string | Buffer): string | undefined {
  const text = typeof stdin === 'string' ? stdin : stdin.toString('utf8');
  if (text.length > 65_536) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return JSON.stringify(
      Object.fromEntries(Object.entries(value).map(([key, v]) => [CAMEL[key] ?? key, v])),
    );
  } catch {
    return undefined;
  }
}

/** The distinct hostile inputs (the Claude Code set, with Copilot's camelCase twins). */
function inputs(agent: string): Array<string | Buffer> {
  const all = [...MALFORMED_CASES, ...ODD_CASES].map((item) => item.stdin);
  const twins = agent === 'copilot' ? all.map(camelTwin).filter((x) => x !== undefined) : [];
  const seen = new Set<string>();
  return [...all, ...twins].filter((stdin) => {
    const key = typeof stdin === 'string' ? stdin : stdin.toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function runAgentHook(
  agent: string,
  event: string,
  stdin: string | Buffer,
  env: NodeJS.ProcessEnv,
): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK_BUNDLE, event, '--agent', agent], {
      env,
      cwd: tmpdir(),
      stdio: 'pipe',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

/** What each agent accepts on stdout: one JSON object line, with context only in its shape. */
function validOutput(agent: string, event: string, stdout: string): boolean {
  if (!stdout.endsWith('\n') || stdout.indexOf('\n') !== stdout.length - 1) return false;
  const value = JSON.parse(stdout) as Record<string, unknown>;
  const keys = Object.keys(value);
  if (keys.length === 0) return true;
  if (agent === 'copilot') return keys.join() === 'additionalContext';
  const specific = value.hookSpecificOutput as Record<string, unknown> | undefined;
  return (
    keys.join() === 'hookSpecificOutput' &&
    specific?.hookEventName === event &&
    typeof specific.additionalContext === 'string'
  );
}

/** Runs `jobs` with at most `limit` at a time. */
async function pool<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next;
      next += 1;
      results[index] = await (jobs[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

describe('every hook of every agent adapter fed the hostile payload set', () => {
  let home: TestHome;
  let worker: ChildProcess;
  before(async () => {
    home = await createTestHome();
    worker = await startWorker(home);
  });
  after(async () => {
    await stopWorker(home);
    worker.kill('SIGKILL');
    home.cleanup();
  });

  for (const spec of agentSpecs({ HOME: tmpdir() })) {
    for (const { event } of spec.hooks) {
      it(`${spec.agent} ${event}: exits 0 with one valid JSON answer and nothing on stderr`, async () => {
        const runs = await pool(
          inputs(spec.agent).map((stdin) => () => runAgentHook(spec.agent, event, stdin, home.env)),
          4,
        );
        const bad = runs.filter(
          (run) =>
            run.code !== 0 || run.stderr !== '' || !validOutput(spec.agent, event, run.stdout),
        );
        assert.equal(runs.length >= 30, true, `${runs.length} inputs`);
        assert.deepEqual(bad, []);
      });
    }
  }

  it('left nothing in the spool quarantine and kept the worker alive', async () => {
    await waitForDrain(home);
    assert.deepEqual(readdirSync(join(home.dataDir, 'spool', 'quarantine')), []);
    assert.equal(worker.exitCode, null);
  });
});
