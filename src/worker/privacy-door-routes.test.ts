// Issue 12: text sent to save_memory (POST /api/memories) and to edits (PATCH
// /api/observations/:id) was stored as sent and injected at SessionStart. Both now pass the
// store's privacy door; this checks it from the HTTP side, through to the context.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { createTestDeps, TEST_HOST, TEST_TOKEN } from '../../test/helpers/worker-deps.ts';
import { createApp } from './app.ts';
import { createRecallService } from './recall/recall-service.ts';
import { createViewerService } from './viewer/viewer-service.ts';

const ANTHROPIC = 'sk-ant-api03-Zq9xW2vB7nM4kL1pR8tY6uI3oE5aS0dF';
const PASSWORD = 'hunter2-Secret9';
const GITHUB = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5';
const PRIVATE = 'my home is 12 Elm Street';
const leak = (word: string) =>
  `${word} ${ANTHROPIC} DB_PASSWORD=${PASSWORD} ${GITHUB} <private>${PRIVATE}</private>`;
const SECRETS = [ANTHROPIC, PASSWORD, GITHUB, PRIVATE, 'private>'];

test('saved and edited memories reach neither the database nor the context with their secrets', async (t) => {
  const deps = createTestDeps(t, { now: () => 1_750_000_000_000 });
  const viewer = createViewerService(deps, { uiDir: undefined, env: {} });
  t.after(() => viewer.stop());
  const app = createApp(deps, [createRecallService(deps, { embedder: null }), viewer]);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        host: TEST_HOST,
        authorization: `Bearer ${TEST_TOKEN}`,
        'x-claude-mem-token': TEST_TOKEN,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const saved = await call('POST', '/api/memories', {
    project: 'alpha',
    title: leak('Saved'),
    text: leak('text'),
  });
  const edited = seedObservation(deps.db, { title: 'plain', project: 'alpha' });
  const patched = await call('PATCH', `/api/observations/${edited}`, {
    title: leak('Edited'),
    narrative: leak('narrative'),
    facts: [leak('fact')],
  });
  assert.deepEqual([saved.status, patched.status], [201, 200]);
  const context = await call('GET', '/api/context?cwd=/code/alpha&source=startup');
  const stored = JSON.stringify(deps.db.prepare('SELECT * FROM observations').all());
  assert.match(context.text, /Saved \[REDACTED:anthropic-key\] DB_PASSWORD=\[REDACTED:password\]/);
  assert.match(context.text, /Edited \[REDACTED:anthropic-key\] DB_PASSWORD=\[REDACTED:password\]/);
  assert.deepEqual(
    SECRETS.filter((s) => `${stored}${context.text}${patched.text}`.includes(s)),
    [],
  );
});
