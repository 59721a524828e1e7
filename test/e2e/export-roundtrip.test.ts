import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api, createAdminHome, disposeHome, settle } from '../helpers/admin-home.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import type { TestHome } from '../helpers/env.ts';
import { CORPUS_DIRS } from '../helpers/replay.ts';

/** Twenty fixed searches over the corpus; some narrowed by project, type or date. */
const QUERIES = [
  'parser',
  'test',
  'transcript',
  'session',
  'error',
  'config',
  'github action',
  'jsonl',
  'render',
  'database migration',
  'hook',
  'install',
  'build',
  'component',
  'sync job',
  'worktree',
  'markdown',
  'css style',
  'read file&type=discovery',
  'fix&since=2025-01-01',
];

type Hits = Array<Record<string, unknown>>;

async function search(home: TestHome, query: string, mode: string): Promise<Hits> {
  const [q = '', ...filters] = query.split('&');
  const params = new URLSearchParams({ q, mode, limit: '20' });
  for (const filter of filters) {
    const [key = '', value = ''] = filter.split('=');
    params.set(key, value);
  }
  return (await api<{ items: Hits }>(home, `/api/search?${params.toString()}`)).items;
}

/**
 * Embeds every observation again, from scratch, in one pass. The KNN index is approximate (binary
 * codes, a shortlist, then exact ranking), and which rows make the shortlist when codes tie
 * depends on the order vectors were added: the original got them as compression went, the
 * import all at once. Rebuilding both the same way makes their vector indexes equal.
 */
async function rebuildVectors(home: TestHome): Promise<void> {
  await stopWorker(home);
  withDatabase(home, (db) => db.exec('DELETE FROM recall_vectors; DELETE FROM recall_meta;'));
  await startWorker(home);
  await settle(home);
}

async function compare(a: TestHome, b: TestHome, modes: string[]): Promise<number> {
  let answered = 0;
  for (const mode of modes) {
    for (const query of QUERIES) {
      const [before, after] = [await search(a, query, mode), await search(b, query, mode)];
      assert.deepEqual(after, before, `${mode}: ${query}`);
      answered += before.length > 0 ? 1 : 0;
    }
  }
  return answered;
}

/** Rows without their session row ids, which an import assigns anew. */
const everyRow = (home: TestHome, table: string) =>
  queryDb(home.dataDir, `SELECT * FROM ${table} ORDER BY id`).map((row) =>
    table === 'sessions' ? { ...row, id: 0 } : { ...row, session_id: 0 },
  );

describe('export, then import into an empty data folder', () => {
  const homes: TestHome[] = [];
  // No relevance floor: the round trip must give the same answers to every query, and the
  // floor (tuned on the local model) would leave some of the hash vectors' queries empty.
  const home = async (env: NodeJS.ProcessEnv = {}) => {
    const created = await createAdminHome({ CLAUDE_MEM_SEARCH_MIN_SIMILARITY: '0', ...env });
    homes.push(created);
    return created;
  };
  let source: TestHome;
  let target: TestHome;
  const exported = (format: string) => join(source.dataDir, '..', `memory.${format}`);

  before(async () => {
    source = await home();
    const imported = await cli(['import-transcripts', ...CORPUS_DIRS], source.env);
    assert.equal(imported.code, 0, imported.stderr);
    await settle(source);
    for (const format of ['json', 'jsonl']) {
      const run = await cli(['export', '--format', format, '-o', exported(format)], source.env);
      assert.equal(run.code, 0, run.stderr);
    }
  });
  after(() => Promise.all(homes.map(disposeHome)));

  it('answers the 20 fixed queries identically, in full-text, vector and hybrid search', async () => {
    target = await home();
    const merged = await cli(['import', exported('jsonl')], target.env);
    assert.equal(merged.code, 0, merged.stderr);
    assert.match(merged.stdout, /observations: [1-9]\d* added, 0 already there/);
    await settle(target);
    const fts = await compare(source, target, ['fts']);
    await rebuildVectors(source);
    await rebuildVectors(target);
    const vectors = await compare(source, target, ['vector', 'hybrid']);
    assert.ok(fts >= 12 && vectors === 40, `searches with results: ${fts} fts, ${vectors} vector`);
  });

  it('gives the same rows from the JSON export, and merging it again adds nothing', async () => {
    const fromJson = await home({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    const first = await cli(['import', exported('json')], fromJson.env);
    assert.equal(first.code, 0, first.stderr);
    for (const table of ['sessions', 'prompts', 'observations', 'summaries']) {
      assert.deepEqual(everyRow(fromJson, table), everyRow(target, table), table);
      assert.equal(everyRow(fromJson, table).length, everyRow(source, table).length, table);
    }
    const again = await cli(['import', exported('json')], fromJson.env);
    assert.match(
      again.stdout,
      /sessions: 0 added[^]*prompts: 0 added[^]*observations: 0 added[^]*summaries: 0 added/,
    );
  });
});
