// Security: the log holds what went wrong, never a secret, `<private>` content or what a tool
// returned, even on the paths that log: settings with bad values, unreadable hook input, a
// provider that echoes the request back in its error messages and in garbage answers. (The
// happy path, with every file under the home folder searched, is privacy-leak.test.ts.)
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { ensureDataDir, logFile } from '../../src/config/index.ts';
import { waitForCompression } from '../helpers/compression-wait.ts';
import { createTestHome, HOOK_BUNDLE, type TestHome } from '../helpers/env.ts';
import {
  reply,
  requestText,
  startFakeAnthropic,
  type FakeAnthropic,
} from '../helpers/fake-anthropic.ts';
import { realisticReply } from '../helpers/fake-replies.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

const SECRETS = [
  `sk-ant-api03-${'Q7'.repeat(24)}`,
  `ghp_${'x9Y'.repeat(12)}`,
  `AKIA${'Z3'.repeat(8)}`,
];
const PRIVATE_CANARY = 'PRIVATE-CANARY-7f3a0c';
const CONTENT_CANARY = 'CONTENT-CANARY-91b2e4';
const CANARIES = [...SECRETS, PRIVATE_CANARY];
const SESSION = 'log-safety';

const secretText = (): string =>
  `key ${SECRETS[0]} token ${SECRETS[1]} aws ${SECRETS[2]} <private>${PRIVATE_CANARY}</private> ${CONTENT_CANARY}`;

/** Settings whose wrong values are secrets pasted into the wrong place. */
const SETTINGS = {
  log: { level: SECRETS[0] },
  compress: { anthropic: { baseUrl: SECRETS[1] }, concurrency: SECRETS[2] },
};

/** The hook inputs of a session, plus two unreadable ones that hold secrets. */
function hookInputs(cwd: string): Array<[string, string]> {
  const base = { session_id: SESSION, transcript_path: '', cwd };
  const json = (event: string, fields: Record<string, unknown>): [string, string] => [
    event,
    JSON.stringify({ ...base, hook_event_name: event, ...fields }),
  ];
  return [
    json('SessionStart', { source: 'startup' }),
    json('UserPromptSubmit', { prompt: `deploy with ${secretText()}` }),
    json('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_log_1',
      tool_input: { command: `curl -H "Authorization: Bearer ${SECRETS[0]}" ${CONTENT_CANARY}` },
      tool_response: { stdout: secretText(), stderr: secretText(), interrupted: false },
    }),
    json('Stop', { last_assistant_message: `done: ${secretText()}` }),
    ['PostToolUse', `{"session_id": "${SESSION}", "tool_response": "${secretText()}"`],
    json('PostToolUse', { session_id: `${secretText()} ${'s'.repeat(300)}`, tool_name: 'Read' }),
    json('SessionEnd', { reason: 'logout' }),
  ];
}

/**
 * A provider that echoes what it was sent: 500s (retried, then logged as a failed batch) and a
 * 400 whose messages are the request, then answers that are the request instead of XML, then
 * good answers.
 */
function echoingProvider(fake: FakeAnthropic): void {
  let calls = 0;
  fake.respondWith((body) => {
    calls += 1;
    const echo = requestText(body).slice(-3000);
    if (calls <= 3) return reply.error(500, { message: `overloaded while reading: ${echo}` });
    if (calls === 4) return reply.error(400, { message: `invalid request: ${echo}` });
    if (calls <= 6) return reply.text(`I cannot comply. You sent: ${echo}`);
    return realisticReply(body);
  });
}

const foundIn = (text: string, canaries = CANARIES): string[] =>
  canaries.filter((canary) => text.includes(canary));

describe('the log on paths that log, with secrets and private text in play', () => {
  let fake: FakeAnthropic;
  let home: TestHome;
  let log: string;

  before(async () => {
    fake = await startFakeAnthropic();
    echoingProvider(fake);
    home = await createTestHome({
      ANTHROPIC_API_KEY: 'test-key',
      CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
      CLAUDE_MEM_LOG_LEVEL: 'debug',
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
      CLAUDE_MEM_COMPRESS_RETRY_BASE_MS: '10',
      CLAUDE_MEM_COMPRESS_FAILED_RETRY_MS: '100',
      CLAUDE_MEM_COMPRESS_FLUSH_AFTER_MS: '1000',
    });
    ensureDataDir(home.dataDir);
    writeFileSync(join(home.dataDir, 'settings.json'), JSON.stringify(SETTINGS), { mode: 0o600 });
    await startWorker(home);
    for (const [event, stdin] of hookInputs(home.dataDir)) {
      await runHookProcess(HOOK_BUNDLE, event, stdin, home.env);
    }
    await waitForDrain(home);
    await waitForCompression(home);
    log = readFileSync(logFile(home.dataDir), 'utf8');
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
    await fake.close();
  });

  it('logged the failures (the paths were taken)', () => {
    assert.match(log, /setting log\.level: expected one of/);
    assert.match(log, /PostToolUse: stdin is not JSON/);
    assert.match(log, /PostToolUse: missing or invalid session_id/);
    assert.match(log, /compression of a batch failed, retry later: anthropic .* answered 500/);
    assert.ok(fake.messageRequests().length >= 5);
  });

  it('holds no secret and no private text', () => {
    assert.deepEqual(foundIn(log), []);
  });

  it('sent the provider the redacted content (what it echoes back could leak)', () => {
    const sent = fake
      .messageRequests()
      .map((r) => r.body)
      .join('\n');
    assert.deepEqual(foundIn(sent, [...CANARIES, CONTENT_CANARY]), [CONTENT_CANARY]);
  });

  it("holds no captured content either: the provider's echo stays out of the log", () => {
    assert.deepEqual(foundIn(log, [CONTENT_CANARY]), []);
  });
});

describe('the log when settings.json is corrupt and holds a secret', () => {
  let home: TestHome;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    ensureDataDir(home.dataDir);
    writeFileSync(
      join(home.dataDir, 'settings.json'),
      `{"compress": {"anthropic": {"apiKey": ${SECRETS[0]}, "token": "${SECRETS[1]}"`,
      { mode: 0o600 },
    );
    await startWorker(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('reports the corrupt file without quoting the secret', () => {
    const log = readFileSync(logFile(home.dataDir), 'utf8');
    assert.match(log, /setting \(file\): not valid JSON/);
    assert.deepEqual(foundIn(log), []);
  });
});
