import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tokenCeiling } from '../../src/compress/index.ts';
import { queryDb } from '../helpers/db.ts';
import { waitForCompression } from '../helpers/compression-wait.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import {
  reply,
  requestText,
  startFakeAnthropic,
  type FakeAnthropic,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { realisticReply } from '../helpers/fake-replies.ts';
import { CORPUS, replayCorpus, runReplay, toolPayloads } from '../helpers/replay.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

const MAX_INPUT_TOKENS = 3_000;
// About half of what the shipped spotter transcripts cost: the budget runs out midway.
const DAILY_TOKENS = 10_000;

interface Status {
  provider: string;
  selected: string;
  budgetExhausted: boolean;
  events: Record<string, number>;
  turns: Record<string, number>;
  budget: Array<{ provider: string; used: number; limit: number; spent: boolean }>;
}

describe('replaying the spotter transcripts with the anthropic provider against the fake server', () => {
  const files = replayCorpus([join(CORPUS, 'spotter-transcripts')]);
  let fake: FakeAnthropic;
  let home: TestHome;
  let status: Status;

  before(async () => {
    fake = await startFakeAnthropic();
    // The first calls meet a rate limit, a server error and malformed XML: retried, corrected.
    fake.enqueue(
      reply.error(429, { retryAfterSeconds: 0 }),
      reply.error(500),
      reply.text('<observation><type>bugfix'),
    );
    fake.respondWith(realisticReply);
    home = await createTestHome({
      ANTHROPIC_API_KEY: 'test-key',
      CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
      CLAUDE_MEM_COMPRESS_ANTHROPIC_DAILY_TOKENS: String(DAILY_TOKENS),
      CLAUDE_MEM_COMPRESS_MAX_INPUT_TOKENS: String(MAX_INPUT_TOKENS),
      CLAUDE_MEM_COMPRESS_RETRY_BASE_MS: '10',
      // One subagent transcript of the corpus has no main session: no Stop or SessionEnd ever
      // ends its turn, so only the time-based flush compresses it.
      CLAUDE_MEM_COMPRESS_FLUSH_AFTER_MS: '3000',
      // Embeddings are recall's work and CPU-bound; they would only slow this down.
      CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    });
    await startWorker(home);
    await runReplay(files, home.env);
    await waitForDrain(home);
    status = await waitForCompression<Status>(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
    await fake.close();
  });

  it('leaves no event pending: each is compressed or skipped with a reason, none failed', () => {
    const total = files.reduce((sum, file) => sum + toolPayloads(file.payloads).length, 0);
    const rows = queryDb<{ state: string; n: number }>(
      home.dataDir,
      'SELECT state, COUNT(*) AS n FROM events GROUP BY state',
    );
    assert.deepEqual(
      rows.filter((row) => row.state === 'pending' || row.state === 'failed'),
      [],
    );
    assert.equal(
      rows.reduce((sum, row) => sum + row.n, 0),
      total,
    );
    assert.deepEqual(
      queryDb(
        home.dataDir,
        "SELECT id FROM events WHERE state = 'skipped' AND (reason IS NULL OR reason = '')",
      ),
      [],
    );
    assert.deepEqual(
      queryDb(home.dataDir, "SELECT id FROM turns WHERE state IN ('pending', 'failed')"),
      [],
    );
  });

  it('keeps every request under compress.maxInputTokens', () => {
    const sizes = fake
      .messageRequests()
      .map((request) => tokenCeiling(requestText(request.json as MessagesBody)));
    assert.ok(sizes.length > 5);
    assert.deepEqual(
      sizes.filter((size) => size > MAX_INPUT_TOKENS),
      [],
    );
  });

  it('stops calling at the daily budget, then the heuristic takes over and nothing is dropped', () => {
    const [spent] = queryDb<{ tokens: number }>(
      home.dataDir,
      "SELECT SUM(tokens_in + tokens_out) AS tokens FROM usage WHERE provider = 'anthropic'",
    );
    assert.ok((spent?.tokens ?? 0) <= DAILY_TOKENS, `spent ${spent?.tokens}`);
    assert.ok(
      (spent?.tokens ?? 0) > DAILY_TOKENS / 2,
      `the budget was used, not skipped: ${spent?.tokens}`,
    );
    const providers = queryDb<{ provider: string; n: number }>(
      home.dataDir,
      'SELECT provider, COUNT(*) AS n FROM observations GROUP BY provider ORDER BY provider',
    );
    assert.deepEqual(
      providers.map((row) => row.provider),
      ['anthropic', 'heuristic'],
    );
    const handedOver = queryDb(
      home.dataDir,
      "SELECT id FROM events WHERE reason LIKE 'anthropic daily token budget is spent%'",
    );
    assert.ok(handedOver.length > 0);
    assert.deepEqual(
      [status.selected, status.provider, status.budgetExhausted],
      ['anthropic', 'heuristic', true],
    );
  });

  it('retried the 429 and the 500, corrected the malformed answer', () => {
    const first = fake
      .messageRequests()
      .slice(0, 4)
      .map((r) => (r.json as MessagesBody).messages?.length);
    assert.deepEqual(first, [1, 1, 1, 3]);
  });

  it('stores observations with their source events, provider, model and tokens', () => {
    const rows = queryDb<{ source_event_ids: string; model: string | null; tokens_in: number }>(
      home.dataDir,
      "SELECT source_event_ids, model, tokens_in FROM observations WHERE provider = 'anthropic'",
    );
    assert.ok(rows.length > 0);
    assert.deepEqual(
      rows.filter(
        (row) =>
          JSON.parse(row.source_event_ids).length === 0 ||
          row.model !== 'claude-haiku-4-5' ||
          row.tokens_in <= 0,
      ),
      [],
    );
  });
});
