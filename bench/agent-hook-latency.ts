// Wall time of each agent adapter's capture hook (`node dist/hook.cjs <Event> --agent <a>`)
// against bare `node -e ""` and Claude Code's PostToolUse, interleaved in one run with a worker
// running. Payloads are shaped as each agent sends them (Codex and Copilot: recorded from the
// real CLIs in test/e2e/agent-*.test.ts; Gemini: its documented AfterTool fields).
// Usage: node --import tsx bench/agent-hook-latency.ts [runs]   (or BENCH_RUNS; default 30)
// BENCH_HOOK_NODE=/path/to/node runs the hooks and the bare baseline with another Node (22, 24:
// what users run) while the worker stays on this one, whose better-sqlite3 build it loads.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { queryDb } from '../test/helpers/db.ts';
import { startWorker, stopWorker, waitForDrain } from '../test/helpers/worker.ts';
import { postToolUsePayload, sourceText } from './lib/payloads.ts';
import { countArg, fixed, msSince, printTable, summarize } from './lib/stats.ts';

const RUNS = countArg('BENCH_RUNS', 30);
const WARMUP = 3;
const REPO = join(import.meta.dirname, '..');
const FILE = `${REPO}/src/routes/handlers.ts`;
const CONTENT = sourceText(5 * 1024);
const HOOK_NODE = process.env.BENCH_HOOK_NODE || process.execPath;

interface Case {
  args: string[];
  stdin: (i: number) => string;
  expect: string;
}

function timeNode(args: string[], stdin: string, env: NodeJS.ProcessEnv, expect: string) {
  return new Promise<{ ms: number; ok: boolean }>((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(HOOK_NODE, args, { env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: msSince(start), ok: code === 0 && out === expect }));
    child.stdin.end(stdin);
  });
}

function cases(sid: string): Record<string, Case> {
  const hook = (event: string, agent?: string): string[] =>
    agent ? [HOOK_BUNDLE, event, '--agent', agent] : [HOOK_BUNDLE, event];
  return {
    bare: { args: ['-e', ''], stdin: () => '', expect: '' },
    'claude PostToolUse': {
      args: hook('PostToolUse'),
      stdin: (i) => JSON.stringify(postToolUsePayload(`${sid}-claude`, REPO, `toolu_${i}`)),
      expect: '{"continue":true,"suppressOutput":true}\n',
    },
    'codex PostToolUse': {
      args: hook('PostToolUse', 'codex'),
      stdin: (i) =>
        JSON.stringify({
          session_id: `${sid}-codex`,
          turn_id: 't1',
          transcript_path: null,
          cwd: REPO,
          hook_event_name: 'PostToolUse',
          model: 'gpt-5',
          permission_mode: 'default',
          tool_name: 'Bash',
          tool_input: { command: `cat ${FILE}` },
          tool_response: CONTENT,
          tool_use_id: `call_${i}`,
        }),
      expect: '{}\n',
    },
    'gemini AfterTool': {
      args: hook('AfterTool', 'gemini'),
      stdin: (i) =>
        JSON.stringify({
          session_id: `${sid}-gemini`,
          transcript_path: '',
          cwd: REPO,
          hook_event_name: 'AfterTool',
          timestamp: new Date().toISOString(),
          tool_name: 'read_file',
          tool_input: { file_path: FILE },
          tool_response: { llmContent: CONTENT, returnDisplay: '', callId: `g${i}` },
        }),
      expect: '{}\n',
    },
    'copilot postToolUse': {
      args: hook('postToolUse', 'copilot'),
      stdin: () =>
        JSON.stringify({
          sessionId: `${sid}-copilot`,
          timestamp: Date.now(),
          cwd: REPO,
          toolName: 'view',
          toolArgs: { path: FILE },
          toolResult: { resultType: 'success', textResultForLlm: CONTENT },
        }),
      expect: '{}\n',
    },
  };
}

async function main(): Promise<void> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const home = await createTestHome();
  await startWorker(home);
  const all = cases(`bench-${process.pid}`);
  const names = Object.keys(all);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  let failures = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length] ?? 'bare';
      const item = all[name];
      if (!item) continue;
      const result = await timeNode(item.args, item.stdin(i), home.env, item.expect);
      if (!result.ok) failures += 1;
      if (i >= WARMUP) samples[name]?.push(result.ms);
    }
  }
  await waitForDrain(home);
  const stored = queryDb<{ agent: string; n: number }>(
    home.dataDir,
    `SELECT s.agent, COUNT(*) AS n FROM events e JOIN sessions s ON s.id = e.session_id
     GROUP BY s.agent ORDER BY s.agent`,
  );
  await stopWorker(home);
  home.cleanup();
  const base = summarize(samples.bare ?? []);
  console.log(
    `agent hook latency: ${RUNS} interleaved runs each (+${WARMUP} warm-up), worker running`,
  );
  const hookNode = execFileSync(HOOK_NODE, ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `hooks and baseline: node ${hookNode}; worker: node ${process.version}; ${process.platform}/${process.arch}\n`,
  );
  printTable(
    ['command', 'p50 ms', 'p95 ms', 'min ms', 'p50 / bare', 'p95 / bare'],
    Object.entries(samples).map(([name, values]) => {
      const s = summarize(values);
      return [
        name === 'bare' ? 'node -e ""' : name,
        fixed(s.p50),
        fixed(s.p95),
        fixed(s.min),
        `${fixed(s.p50 / base.p50, 2)}x`,
        `${fixed(s.p95 / base.p95, 2)}x`,
      ];
    }),
  );
  console.log(`\nhook runs that did not exit 0 with the expected JSON: ${failures}`);
  console.log(`tool events stored per agent: ${stored.map((r) => `${r.agent} ${r.n}`).join(', ')}`);
}

void main();
