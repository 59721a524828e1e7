import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { test, type TestContext } from 'node:test';
import { VERSION, logFile, pidFile, spoolDir } from '../config/index.ts';
import { readSpoolError, tendReserve, type WriteFile } from '../spool/index.ts';
import { freePort } from '../../test/helpers/env.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { runHook } from './run-hook.ts';

const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

/** A Writable that keeps what was written. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

interface HookHome {
  dataDir: string;
  cwd: string;
  run(
    event: string | undefined,
    stdin: string | Buffer,
    extra?: { writeFile?: WriteFile; env?: NodeJS.ProcessEnv },
  ): Promise<string>;
  spooled(): unknown[];
  log(): string;
}

/**
 * A temp data dir, a port nobody listens on and a CLI entry that does not exist, so the hook's
 * nudge cannot start a worker; `run` feeds stdin and returns what the hook printed.
 */
async function hookHome(t: TestContext): Promise<HookHome> {
  const root = tempDir(t);
  const dataDir = join(root, 'data');
  const env = {
    CLAUDE_MEM_DATA_DIR: dataDir,
    CLAUDE_MEM_WORKER_PORT: String(await freePort()),
    CLAUDE_MEM_WORKER_START_WAIT_MS: '200',
  };
  const spoolFiles = () => readdirSync(spoolDir(dataDir)).filter((name) => name.endsWith('.json'));
  return {
    dataDir,
    cwd: root,
    async run(event, stdin, extra = {}) {
      const out = collector();
      await runHook(event, {
        stdin: Readable.from([stdin]),
        stdout: out.stream,
        env: { ...env, ...extra.env },
        cliEntry: join(root, 'no-such-cli.mjs'),
        writeFile: extra.writeFile,
      });
      return out.text();
    },
    spooled: () =>
      spoolFiles().map((name) => JSON.parse(readFileSync(join(spoolDir(dataDir), name), 'utf8'))),
    log: () => readFileSync(logFile(dataDir), 'utf8'),
  };
}

const readResponse = {
  type: 'text',
  file: {
    filePath: '/repo/a.ts',
    content: 'export {};\n',
    numLines: 1,
    startLine: 1,
    totalLines: 1,
  },
};

const toolPayload = (cwd: string, fields: Record<string, unknown> = {}): string =>
  JSON.stringify({
    session_id: 'sess-hook',
    transcript_path: '/tmp/t.jsonl',
    cwd,
    hook_event_name: 'PostToolUse',
    tool_name: 'Read',
    tool_use_id: 'toolu_hook_1',
    tool_input: { file_path: '/repo/a.ts' },
    tool_response: readResponse,
    ...fields,
  });

/** A UserPromptSubmit payload of `prompt` typed in `cwd`. */
const promptPayload = (cwd: string, prompt: string, sessionId = 'sess-hook'): string =>
  JSON.stringify({ session_id: sessionId, cwd, prompt });

test('a valid PostToolUse prints exactly the neutral JSON and spools one tool event', async (t) => {
  const home = await hookHome(t);
  assert.equal(await home.run('PostToolUse', toolPayload(home.cwd)), NEUTRAL_LINE);
  const [event, ...rest] = home.spooled() as Array<Record<string, unknown>>;
  assert.deepEqual(rest, []);
  assert.equal(event?.kind, 'tool');
  assert.equal(event?.toolUseId, 'toolu_hook_1');
  assert.deepEqual(event?.response, readResponse);
});

test('a valid UserPromptSubmit spools one prompt event', async (t) => {
  const home = await hookHome(t);
  const stdin = promptPayload(home.cwd, 'fix it<private>x</private>', 's');
  assert.equal(await home.run('UserPromptSubmit', stdin), NEUTRAL_LINE);
  assert.deepEqual(
    home.spooled().map((event) => (event as { text: unknown }).text),
    ['fix it'],
  );
});

test('an alias works like the event it stands for', async (t) => {
  const home = await hookHome(t);
  await home.run('save', toolPayload(home.cwd));
  assert.equal(home.spooled().length, 1);
});

const INVALID: Array<[string, string | Buffer, RegExp]> = [
  ['empty stdin', '', /empty stdin/],
  ['whitespace only', ' \n\t', /empty stdin/],
  ['invalid JSON', '{"session_id": ', /stdin is not JSON/],
  ['binary junk', Buffer.from([0xff, 0xfe, 0x00, 0x9c, 0x80, 0x7b]), /stdin is not JSON/],
  ['a JSON array', '[{"session_id":"s"}]', /stdin JSON is not an object/],
  ['a JSON string', '"session"', /stdin JSON is not an object/],
  ['no session_id', '{"tool_name":"Read"}', /missing or invalid session_id/],
  ['a numeric session_id', '{"session_id":42,"tool_name":"Read"}', /missing or invalid session_id/],
  [
    'an overlong session_id',
    JSON.stringify({ session_id: 's'.repeat(300), tool_name: 'Read' }),
    /missing or invalid session_id/,
  ],
];

for (const [name, stdin, reason] of INVALID) {
  test(`${name} prints the neutral JSON, spools nothing and logs why`, async (t) => {
    const home = await hookHome(t);
    assert.equal(await home.run('PostToolUse', stdin), NEUTRAL_LINE);
    assert.deepEqual(home.spooled(), []);
    assert.match(home.log(), reason);
  });
}

test('an unknown event name prints the neutral JSON, spools nothing and logs the name', async (t) => {
  const home = await hookHome(t);
  assert.equal(await home.run('Notification', toolPayload(home.cwd)), NEUTRAL_LINE);
  assert.deepEqual(home.spooled(), []);
  assert.match(home.log(), /unknown hook event "Notification"/);
});

test('a missing event name prints the neutral JSON and logs it', async (t) => {
  const home = await hookHome(t);
  assert.equal(await home.run(undefined, toolPayload(home.cwd)), NEUTRAL_LINE);
  assert.match(home.log(), /unknown hook event "undefined"/);
});

test('the log names the problem but never the payload', async (t) => {
  const home = await hookHome(t);
  await home.run('PostToolUse', '{"secret_field": "hunter2-password", ');
  assert.doesNotMatch(home.log(), /hunter2/);
});

const full: WriteFile = () => {
  throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
};

test('a failing spool write with no reserve names the loss to the user once per session', async (t) => {
  const home = await hookHome(t);
  const first = JSON.parse(
    await home.run('PostToolUse', toolPayload(home.cwd), { writeFile: full }),
  );
  const again = await home.run('PostToolUse', toolPayload(home.cwd), { writeFile: full });
  assert.equal(first.continue, true);
  assert.match(first.systemMessage, /claude-mem: cannot save .*ENOSPC.*disk full/);
  assert.equal(again, NEUTRAL_LINE);
  assert.deepEqual(home.spooled(), []);
  assert.equal(readSpoolError(home.dataDir)?.code, 'ENOSPC');
  assert.match(home.log(), /ERROR \[hook\] PostToolUse: could not write the spool .*ENOSPC/);
});

test('a failing spool write keeps the event in the reserve, which the worker moves to the spool', async (t) => {
  const home = await hookHome(t);
  tendReserve(home.dataDir);
  const answer = await home.run('PostToolUse', toolPayload(home.cwd), { writeFile: full });
  assert.equal(answer, NEUTRAL_LINE);
  assert.deepEqual(home.spooled(), []);
  assert.equal(tendReserve(home.dataDir).moved, 1);
  assert.deepEqual(
    home.spooled().map((event) => (event as { toolUseId: string }).toolUseId),
    ['toolu_hook_1'],
  );
});

test('after a spool write succeeds again, a later loss in the session is told again', async (t) => {
  const home = await hookHome(t);
  await home.run('PostToolUse', toolPayload(home.cwd), { writeFile: full });
  await home.run('PostToolUse', toolPayload(home.cwd));
  const later = JSON.parse(
    await home.run('PostToolUse', toolPayload(home.cwd), { writeFile: full }),
  );
  assert.match(later.systemMessage, /cannot save/);
  assert.equal(home.spooled().length, 1);
});

test('a skip-listed tool prints the neutral JSON and spools nothing', async (t) => {
  const home = await hookHome(t);
  assert.equal(
    await home.run('PostToolUse', toolPayload(home.cwd, { tool_name: 'TodoWrite' })),
    NEUTRAL_LINE,
  );
  assert.deepEqual(home.spooled(), []);
});

test("the hook spools nothing for claude-mem's own MCP calls", async (t) => {
  const home = await hookHome(t);
  for (const tool of [
    'mcp__claude-mem__search',
    'mcp__plugin_claude-mem_claude-mem__save_memory',
  ]) {
    assert.equal(
      await home.run('PostToolUse', toolPayload(home.cwd, { tool_name: tool })),
      NEUTRAL_LINE,
    );
  }
  assert.deepEqual(home.spooled(), []);
});

test('with capture.enabled false nothing is spooled', async (t) => {
  const home = await hookHome(t);
  const env = { CLAUDE_MEM_CAPTURE_ENABLED: 'false' };
  assert.equal(await home.run('PostToolUse', toolPayload(home.cwd), { env }), NEUTRAL_LINE);
  assert.deepEqual(home.spooled(), []);
});

test("a fully private prompt's turn spools the prompt without text and none of its tools", async (t) => {
  const home = await hookHome(t);
  const prompt = promptPayload(home.cwd, '<private>x</private>');
  await home.run('UserPromptSubmit', prompt);
  await home.run('PostToolUse', toolPayload(home.cwd));
  await home.run('Stop', JSON.stringify({ session_id: 'sess-hook', last_assistant_message: 'ok' }));
  assert.deepEqual(
    home
      .spooled()
      .map((event) => [(event as { kind: string }).kind, (event as { text?: unknown }).text]),
    [['prompt', null]],
  );
});

test('SessionStart with no worker reachable spools the start, prints neutral JSON and logs why', async (t) => {
  const home = await hookHome(t);
  const stdin = JSON.stringify({ session_id: 's', cwd: home.cwd, source: 'startup' });
  assert.equal(await home.run('SessionStart', stdin), NEUTRAL_LINE);
  assert.deepEqual(
    home.spooled().map((event) => (event as { kind: string }).kind),
    ['session-start'],
  );
  assert.match(home.log(), /SessionStart: worker not available in time, no context given/);
});

test('runHook resolves with the output it printed', async (t) => {
  const root = tempDir(t);
  const out = collector();
  const output = await runHook('Stop', {
    stdin: Readable.from(['{}']),
    stdout: out.stream,
    env: { CLAUDE_MEM_DATA_DIR: join(root, 'data') },
    cliEntry: join(root, 'missing.mjs'),
  });
  assert.equal(`${JSON.stringify(output)}\n`, out.text());
});

/** A server that takes connections and never answers, noting each request's first line. */
async function hungServer(t: TestContext): Promise<{ port: number; requests: string[] }> {
  const requests: string[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.once('data', (chunk: Buffer) =>
      requests.push(chunk.toString('utf8').split('\r\n')[0] ?? ''),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, requests };
}

test('SessionStart whose live worker does not listen yet falls back to waiting for one', async (t) => {
  const home = await hookHome(t);
  // A live "worker run" process on a port where nothing listens: the direct context request is
  // refused at once, and the hook goes on to wait for a worker (none comes: no-such-cli.mjs).
  const fake = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)', 'worker', 'run']);
  t.after(() => fake.kill('SIGKILL'));
  mkdirSync(home.dataDir, { recursive: true });
  const port = await freePort();
  writeFileSync(
    pidFile(home.dataDir),
    JSON.stringify({ pid: fake.pid, port, version: VERSION, startedAt: Date.now() }),
  );
  const stdin = JSON.stringify({ session_id: 's', cwd: home.cwd, source: 'startup' });
  assert.equal(await home.run('SessionStart', stdin), NEUTRAL_LINE);
  const log = home.log();
  assert.match(log, /SessionStart: context request failed/);
  assert.match(log, /SessionStart: worker not available in time, no context given/);
  assert.equal(
    home.spooled().filter((event) => (event as { kind: string }).kind === 'session-start').length,
    1,
  );
});

test('SessionStart with a hung worker gives up at worker.startWaitMs, context request included', async (t) => {
  const home = await hookHome(t);
  const hung = await hungServer(t);
  // A live process whose command line says "worker run", as liveWorker demands.
  const fake = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)', 'worker', 'run']);
  t.after(() => fake.kill('SIGKILL'));
  mkdirSync(home.dataDir, { recursive: true });
  writeFileSync(
    pidFile(home.dataDir),
    JSON.stringify({ pid: fake.pid, port: hung.port, version: VERSION, startedAt: Date.now() }),
  );
  const stdin = JSON.stringify({ session_id: 's', cwd: home.cwd, source: 'startup' });
  assert.equal(await home.run('SessionStart', stdin), NEUTRAL_LINE);
  // A worker the PID file shows alive is asked for the context at once (no /health first); it
  // never answers, and the hook gives up within the budget.
  assert.equal(
    hung.requests.filter((line) => line.startsWith('GET /api/context')).length,
    1,
    String(hung.requests),
  );
  assert.match(home.log(), /SessionStart: context request failed/);
});
