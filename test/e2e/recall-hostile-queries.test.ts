import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedMany, seedObservation } from '../helpers/seed-memory.ts';
import { startWorker, tokenOf } from '../helpers/worker.ts';

/**
 * A raw GET with the query string exactly as given (no re-encoding), like a careless client
 * that does hold the worker's token.
 */
function rawGet(
  home: Parameters<typeof tokenOf>[0],
  path: string,
): Promise<{ status: number; body: string }> {
  const port = home.port;
  const headers = { host: `127.0.0.1:${port}`, authorization: `Bearer ${tokenOf(home)}` };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** User text that would break a query passed to FTS5 raw, and worse. */
const HOSTILE_TEXT = [
  '"',
  '"""',
  '"unbalanced phrase',
  "it's O'Reilly's",
  '(',
  ')))',
  '((spool AND reader)',
  'spool AND',
  'OR',
  'NOT NOT NOT',
  'AND OR NOT NEAR',
  'NEAR(spool reader, 5)',
  'NEAR/2',
  'spool NEAR reader',
  '*',
  '***spool',
  'spo*ol*',
  'title:spool',
  'narrative : x',
  '{title narrative}: spool',
  '-spool',
  '+spool ^reader',
  'spool"; DROP TABLE observations; --',
  "' OR 1=1 --",
  '%_%\\',
  '\u0000\u0001\u001f',
  '\uFFFD replacement character',
  '東京 データベース',
  'Ωμέγα straße ÅÄÖ',
  '🙂🔥💾 emoji',
  '\u202Eright-to-left override',
  'a'.repeat(1000),
  Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
  '   ',
];

/** Malformed or extreme query strings, sent raw. */
const HOSTILE_RAW = [
  '/api/search?q=%',
  '/api/search?q=%E0%A4%A',
  '/api/search?q=%ED%A0%80',
  '/api/search?q=a&q=b&q=c',
  '/api/search?q=spool&limit=-1',
  '/api/search?q=spool&limit=1e3',
  '/api/search?q=spool&limit=99999999999999999999',
  '/api/search?q=spool&offset=abc',
  '/api/search?q=spool&type=bugfix,,,nonsense',
  '/api/search?q=spool&since=9999-99-99',
  '/api/search?q=spool&until=%00',
  '/api/search?q=spool&mode=DROP',
  '/api/search?q=spool&file=%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/api/search?q=spool&concept=%25%25',
  '/api/search?q=spool&session_id=%27',
  `/api/search?q=${'x'.repeat(5000)}`,
  '/api/timeline?anchor=%27%20OR%201%3D1',
  '/api/timeline?anchor=99999999999999999999',
  '/api/timeline?q=%22%22%22',
  '/api/observations/1%20OR%201=1',
  '/api/observations/-1',
  '/api/context?cwd=%00&source=%22',
];

describe('hostile search queries over HTTP', () => {
  it(`${HOSTILE_TEXT.length + HOSTILE_RAW.length} hostile queries each get results or a clear 400, never a 500`, async (t) => {
    const home = await recallHome(t);
    withDatabase(home, (db) => {
      seedMany(db, 300, { end: Date.now() });
      seedObservation(db, {
        title: 'Spool reader handles "quotes" and (parentheses)',
        narrative: 'NEAR AND OR NOT',
      });
    });
    await startWorker(home);
    const answers: Array<{ query: string; status: number; body: string }> = [];
    for (const text of HOSTILE_TEXT) {
      for (const mode of ['fts', 'hybrid']) {
        const path = `/api/search?q=${encodeURIComponent(text)}&mode=${mode}&limit=5`;
        answers.push({
          query: `${mode} ${JSON.stringify(text.slice(0, 40))}`,
          ...(await rawGet(home, path)),
        });
      }
    }
    for (const path of HOSTILE_RAW)
      answers.push({ query: path.slice(0, 80), ...(await rawGet(home, path)) });
    const unclear = answers.filter(({ status, body }) => {
      const parsed = JSON.parse(body) as { items?: unknown[]; error?: { message?: string } };
      return status === 200
        ? !Array.isArray(parsed.items) && parsed.items !== undefined
        : !(status === 400 || status === 404) || !parsed.error?.message;
    });
    assert.deepEqual(
      unclear.map(({ query, status }) => `${status} ${query}`),
      [],
    );
    assert.ok(
      answers.filter((a) => a.status === 200).length > HOSTILE_TEXT.length,
      'most hostile text still searches',
    );
    const health = await rawGet(home, '/health');
    assert.equal(health.status, 200);
  });

  it('a quoted phrase, a prefix and operator words still find what they name', async (t) => {
    const home = await recallHome(t);
    const id = withDatabase(home, (db) =>
      seedObservation(db, {
        title: 'Spool reader handles "quotes" and (parentheses)',
        narrative: 'NEAR AND OR NOT',
      }),
    );
    await startWorker(home);
    for (const text of [
      '"spool reader"',
      'parenthe*',
      '(parentheses)',
      'NEAR',
      'title:spool',
      '"quotes"',
      'AND',
    ]) {
      const res = await rawGet(home, `/api/search?q=${encodeURIComponent(text)}&mode=fts`);
      const ids = (JSON.parse(res.body) as { items: Array<{ id: number }> }).items.map(
        (item) => item.id,
      );
      assert.deepEqual([res.status, ids], [200, [id]], text);
    }
  });
});
