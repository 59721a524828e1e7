import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  localDay,
  recordInjected,
  recordUsage,
  recordUse,
  type Db,
} from '../../src/store/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';

// Must show 2 of issue 35 (second half): `usage --json` reports injected tokens and the used
// share as the ledger holds them, beside compression's cost.

const NOW = Date.now();
const HOUR = 3_600_000;

/** Three sessions' injections today; one memory used in one of them; compression spend today. */
function seed(db: Db): void {
  const ids = [1, 2, 3].map((n) =>
    seedObservation(db, { title: `memory ${n}`, createdAt: NOW - 48 * HOUR }),
  );
  const [a = 0, b = 0, c = 0] = ids;
  const at = NOW - 5000;
  recordInjected(db, {
    sessionId: 's1',
    moment: 'session-start',
    at,
    items: [
      { id: a, tokens: 30 },
      { id: b, tokens: 20 },
    ],
  });
  recordInjected(db, {
    sessionId: 's1',
    moment: 'prompt',
    at: at + 10,
    items: [{ id: c, tokens: 50 }],
  });
  recordInjected(db, {
    sessionId: 's2',
    moment: 'file',
    at: at + 20,
    items: [{ id: a, tokens: 40 }],
  });
  recordUse(
    db,
    's1',
    [{ observationId: a, signal: 'file', turn: 1, at: at + 100, detail: 'a.ts' }],
    true,
  );
  recordUsage(db, {
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    calls: 1,
    durationMs: 5,
    day: localDay(NOW),
    project: 'alpha',
    tokensIn: 1000,
    tokensOut: 100,
    costUsd: 0.25,
  });
}

interface Report {
  rows: Array<{ costUsd: number }>;
  recall: {
    periods: Array<{
      period: string;
      injected: number;
      injectedTokens: number;
      usedTokens: number;
    }>;
    totals: { injectedTokens: number; usedTokens: number; usedShare: number };
  };
}

test('usage --json reports the injected tokens and used share the ledger holds, and the text says it', async (t) => {
  const home = await recallHome(t);
  withDatabase(home, seed);
  const run = await cli(['usage', '--json'], home.env);
  assert.deepEqual([run.code, run.stderr], [0, '']);
  const report = JSON.parse(run.stdout) as Report;
  const [ledger] = queryDb<{ injected: number; tokens: number; used: number }>(
    home.dataDir,
    `SELECT COUNT(*) AS injected, SUM(tokens) AS tokens,
       SUM(CASE WHEN used_at IS NOT NULL THEN tokens ELSE 0 END) AS used FROM injections`,
  );
  assert.deepEqual(ledger, { injected: 4, tokens: 140, used: 30 });
  assert.deepEqual(
    report.recall.periods.map((p) => [p.period, p.injected, p.injectedTokens, p.usedTokens]),
    [[localDay(NOW), 4, 140, 30]],
  );
  assert.deepEqual(report.recall.totals.usedShare, Math.round((30 / 140) * 1000) / 1000);
  const text = await cli(['usage'], home.env);
  assert.match(
    text.stdout,
    /\nMemory cost \$0\.25 this month; it injected 140 tokens, 21% of them used\.\n/,
  );
});

test('show ID says when the memory was injected and used; unsink resets its decay', async (t) => {
  const home = await recallHome(t);
  const ignored = withDatabase(home, (db) => {
    const id = seedObservation(db, { title: 'often shown', createdAt: NOW - 48 * HOUR });
    for (let i = 0; i < 4; i += 1) {
      const at = NOW - 10_000 + i;
      recordInjected(db, {
        sessionId: `q${i}`,
        moment: 'session-start',
        at,
        items: [{ id, tokens: 9 }],
      });
    }
    return id;
  });
  const shown = await cli(['show', String(ignored)], home.env);
  assert.deepEqual([shown.code, shown.stderr], [0, '']);
  assert.match(shown.stdout, /\nInjected: 4 times, used after 0\n/);
  assert.match(shown.stdout, /session-start +9 tokens +not used/);
  assert.match(
    shown.stdout,
    new RegExp(
      `Sinks in ranking: injected in 4 sessions without use \\("claude-mem unsink ${ignored}" resets it\\)`,
    ),
  );
  const unsunk = await cli(['unsink', String(ignored)], home.env);
  assert.deepEqual([unsunk.code, unsunk.stderr], [0, '']);
  const again = await cli(['show', String(ignored), '--json'], home.env);
  const use = (
    JSON.parse(again.stdout) as { use: { unusedSessions: number; decayResetAt: number } }
  ).use;
  assert.equal(use.unusedSessions, 0);
  assert.ok(use.decayResetAt > 0);
});
