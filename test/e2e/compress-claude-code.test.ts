import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  UNLIMITED,
  createClaudeCodeTransport,
  createLlmCompressor,
  createReaper,
  type CompressEvent,
  type ObservationsResult,
  type Reaper,
} from '../../src/compress/index.ts';
import { TEST_PATH } from '../helpers/env.ts';
import { listFilesRecursive } from '../helpers/files.ts';
import {
  reply,
  startFakeAnthropic,
  type FakeAnthropic,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { realisticReply } from '../helpers/fake-replies.ts';

const BATCHES = 50;
const CONCURRENCY = 2;

/** Live (not zombie) descendants of this process, from /proc. */
function descendants(): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') parents.set(Number(name), Number(ppid));
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

const edit = (id: number): CompressEvent => ({
  id,
  toolName: 'Edit',
  input: {
    file_path: `/work/app/src/module${id}.ts`,
    old_string: 'let x = 1;',
    new_string: `export const value${id} = ${id};`,
  },
  response: null,
  error: null,
  failed: false,
  agentId: null,
  at: id,
});

describe('the claude-code provider over 50 batches (bundled claude, fake API)', () => {
  let fake: FakeAnthropic;
  let home: string;
  let reaper: Reaper;
  let before0: number[];
  let peak = 0;
  let results: Array<ObservationsResult | Error>;

  before(async () => {
    fake = await startFakeAnthropic();
    // Batch answers in order of arrival: a few hang (killed at the timeout), a few fail.
    fake.respondWith((body) => {
      const n = fake.messageRequests().length;
      if (n % 17 === 5) return reply.hang();
      if (n % 13 === 7) return reply.error(500);
      return realisticReply(body);
    });
    home = mkdtempSync(join(tmpdir(), 'claude-mem-cc-e2e-'));
    reaper = createReaper();
    const env = {
      PATH: TEST_PATH,
      HOME: home,
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'dummy',
    };
    const transport = createClaudeCodeTransport({
      model: 'haiku',
      workDir: join(home, 'data', 'compressor'),
      env,
      reaper,
      concurrency: CONCURRENCY,
    });
    const limits = {
      maxInputTokens: 8000,
      maxOutputTokens: 1000,
      fieldChars: 500,
      timeoutMs: 8000,
      retries: 0,
      retryBaseMs: 10,
      concurrency: CONCURRENCY,
    };
    const compressor = createLlmCompressor(transport, { limits, budget: UNLIMITED });
    before0 = descendants();
    const sampler = setInterval(() => (peak = Math.max(peak, reaper.live().length)), 20);
    results = await Promise.all(
      Array.from({ length: BATCHES }, (_, i) =>
        compressor
          .compressTurn({
            project: 'app',
            root: '/work/app',
            promptNumber: i + 1,
            prompt: `change module ${i}`,
            events: [edit(i * 2), edit(i * 2 + 1)],
          })
          .catch((error: Error) => error),
      ),
    );
    clearInterval(sampler);
  });

  after(async () => {
    await fake.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('leaves no process behind: the same children before and after', () => {
    assert.deepEqual(reaper.live(), []);
    assert.deepEqual(descendants(), before0);
  });

  it('ran every batch, at most compress.concurrency processes at once', () => {
    const errors = results.filter((result) => result instanceof Error);
    assert.equal(fake.messageRequests().length, BATCHES);
    assert.ok(errors.length >= 4, 'some calls hung or failed, as scripted');
    assert.ok(results.length - errors.length >= 40);
    assert.ok(peak >= 1 && peak <= CONCURRENCY, `peak ${peak}`);
  });

  it('killed the calls that hung at the timeout and reported them as transient', () => {
    const messages = results
      .filter((result): result is Error => result instanceof Error)
      .map((error) => error.message);
    assert.ok(messages.some((message) => /timed out after 8000 ms/.test(message)));
    assert.ok(messages.some((message) => /answered 500/.test(message)));
  });

  it('wrote no transcript or session file into HOME', () => {
    const files = listFilesRecursive(home).map((file) => file.slice(home.length));
    assert.deepEqual(
      files.filter((file) => /\/projects\/|\/sessions\/|\.jsonl$/.test(file)),
      [],
    );
  });

  it('sent our instructions with no tools, a fresh conversation each time', () => {
    const bodies = fake.messageRequests().map((r) => r.json as MessagesBody & { tools: unknown[] });
    assert.deepEqual(
      bodies.filter(
        (body) =>
          (body.tools ?? []).length > 0 ||
          (body.messages ?? []).filter((m) => m.role !== 'system').length !== 1,
      ),
      [],
    );
  });
});
