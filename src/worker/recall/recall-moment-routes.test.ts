import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps, TEST_HOST, TEST_TOKEN } from '../../../test/helpers/worker-deps.ts';
import type { Settings } from '../../config/index.ts';
import { createApp } from '../app.ts';
import { createRecallService } from './recall-service.ts';

const NOW = 1_750_000_000_000;
const DAY = 86_400_000;

function setup(t: TestContext, settings: Partial<Settings> = {}) {
  const deps = createTestDeps(t, { now: () => NOW, settings });
  const app = createApp(deps, [createRecallService(deps, { embedder: null })]);
  const call = async (method: string, path: string, body?: unknown, token = TEST_TOKEN) => {
    const headers: Record<string, string> = { host: TEST_HOST, authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { context: string; ids: number[] } };
  };
  const prompt = (session: string, text: string, token?: string) =>
    call(
      'POST',
      '/api/recall/prompt',
      { session_id: session, project: 'alpha', prompt: text },
      token,
    );
  const file = (session: string, path: string) =>
    call('POST', '/api/recall/file', { session_id: session, project: 'alpha', file_path: path });
  return { deps, call, prompt, file };
}

/** A project of filler memories (none about invoices) and one about the invoice rounding. */
function seedProject(deps: ReturnType<typeof setup>['deps']): number {
  const s = seedSession(deps.db, 'old-session', 'alpha');
  for (let i = 0; i < 40; i += 1) {
    seedObservation(deps.db, {
      title: `Worker test ${i} passes after the spool change`,
      narrative: 'Ran the worker tests again.',
      sessionRowId: s,
      createdAt: NOW - DAY + i,
    });
  }
  return seedObservation(deps.db, {
    title: 'Invoice totals rounded half-even in billing',
    narrative: 'The invoices module rounds totals with banker rounding to match the ledger.',
    filesModified: ['src/billing/invoice.ts'],
    sessionRowId: s,
    createdAt: NOW - 10 * DAY,
  });
}

test('a prompt worded differently (stems, other words) gets the memory once per session', async (t) => {
  const { deps, prompt } = setup(t);
  const id = seedProject(deps);
  const first = await prompt('s-1', 'why are the invoice total amounts rounding oddly?');
  assert.equal(first.status, 200);
  assert.deepEqual(first.body.ids, [id]);
  assert.match(first.body.context, /^<claude-mem-recall>\n/);
  assert.match(
    first.body.context,
    new RegExp(`^#${id} \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d .+ Invoice totals rounded`, 'm'),
  );
  assert.match(first.body.context, /<\/claude-mem-recall>$/);
  const again = await prompt('s-1', 'and the invoices rounding, once more?');
  assert.deepEqual(again.body, { context: '', ids: [], reasons: [] });
  const otherSession = await prompt('s-2', 'invoice rounding');
  assert.deepEqual(otherSession.body.ids, [id]);
});

test('a prompt of common words only, or of unrelated words, gets nothing', async (t) => {
  const { deps, prompt } = setup(t);
  seedProject(deps);
  assert.deepEqual((await prompt('s-1', 'please run the worker tests')).body.ids, []);
  assert.deepEqual((await prompt('s-1', 'deploy kubernetes helm chart')).body.ids, []);
  assert.deepEqual((await prompt('s-1', '')).body.ids, []);
});

test('a fully private prompt gets nothing, even when its hidden words would match', async (t) => {
  const { deps, prompt } = setup(t);
  seedProject(deps);
  const res = await prompt('s-1', '<private>invoice totals rounding</private>');
  assert.deepEqual(res.body, { context: '', ids: [], reasons: [] });
});

test("what SessionStart's index showed is not given again; a preview of the index does not count", async (t) => {
  const { deps, call, prompt } = setup(t);
  const id = seedProject(deps);
  await call('GET', '/api/context?session_id=s-preview&project=alpha&source=startup');
  assert.deepEqual((await prompt('s-preview', 'invoice rounding')).body.ids, [id]);
  await call('GET', '/api/context?session_id=s-1&project=alpha&source=startup&record=1');
  assert.deepEqual((await prompt('s-1', 'invoice rounding')).body.ids, []);
  // After /compact the model no longer holds the old index: the record starts afresh.
  deps.db.prepare('DELETE FROM recall_injected').run();
  await call('GET', '/api/context?session_id=s-1&project=alpha&source=compact&record=1');
  const shown = deps.db.prepare("SELECT COUNT(*) FROM recall_injected WHERE session_id = 's-1'");
  assert.equal(shown.pluck().get(), 41);
});

test('memories made in the asking session are its own work and never recalled to it', async (t) => {
  const { deps, prompt } = setup(t);
  const mine = seedSession(deps.db, 's-1', 'alpha');
  seedObservation(deps.db, { title: 'Carburetor jetting notes', sessionRowId: mine });
  assert.deepEqual((await prompt('s-1', 'carburetor jetting')).body.ids, []);
  assert.equal((await prompt('s-2', 'carburetor jetting')).body.ids.length, 1);
});

test('at most recall.promptMaxItems items, within ~500 tokens and 2,000 bytes', async (t) => {
  const { deps, prompt } = setup(t, { 'recall.promptMaxItems': 10 });
  seedProject(deps);
  for (let i = 0; i < 12; i += 1) {
    seedObservation(deps.db, {
      title: `Zeppelin ballast trim ${i} ${'ü'.repeat(100)}`,
      createdAt: NOW - 2 * DAY,
    });
  }
  const res = await prompt('s-1', 'zeppelin ballast');
  assert.ok(res.body.ids.length >= 1 && res.body.ids.length < 10, String(res.body.ids.length));
  assert.ok(Buffer.byteLength(res.body.context) <= 2000);
  assert.ok(res.body.context.length / 4 <= 500);
  const few = setup(t, { 'recall.promptMaxItems': 2 });
  for (let i = 0; i < 5; i += 1) seedObservation(few.deps.db, { title: `Zeppelin ballast ${i}` });
  assert.equal((await few.prompt('s-1', 'zeppelin ballast')).body.ids.length, 2);
});

test('file recall: newest and pinned first, at most 2 lines, once per file per session', async (t) => {
  const { deps, file } = setup(t);
  const s = seedSession(deps.db, 'old', 'alpha', { root: '/work/alpha' });
  const at = (days: number) => NOW - days * DAY;
  const old = seedObservation(deps.db, {
    title: 'Old x note',
    filesRead: ['src/x.ts'],
    sessionRowId: s,
    createdAt: at(9),
  });
  const pinned = seedObservation(deps.db, {
    title: 'Pinned x rule',
    filesModified: ['src/x.ts'],
    pinned: true,
    sessionRowId: s,
    createdAt: at(8),
  });
  const fresh = seedObservation(deps.db, {
    title: 'Fresh x fix',
    filesModified: ['src/x.ts'],
    sessionRowId: s,
    createdAt: at(1),
  });
  seedObservation(deps.db, {
    title: 'Other file',
    filesModified: ['src/y.ts'],
    sessionRowId: s,
    createdAt: at(0.5),
  });
  const first = await file('s-1', '/work/alpha/src/x.ts');
  assert.deepEqual(first.body.ids, [pinned, fresh]);
  assert.match(first.body.context, /^<claude-mem-recall>\nMemories of src\/x\.ts /);
  assert.equal(first.body.context.split('\n').length, 5);
  assert.deepEqual((await file('s-1', 'src/x.ts')).body.ids, []);
  assert.deepEqual((await file('s-2', 'src/x.ts')).body.ids, [pinned, fresh]);
  assert.ok(!first.body.ids.includes(old));
  assert.deepEqual((await file('s-1', '/work/alpha/src/none.ts')).body.ids, []);
});

test('each moment can be turned off by its setting', async (t) => {
  const { deps, prompt, file } = setup(t, { 'recall.promptTime': false, 'recall.fileTime': false });
  seedProject(deps);
  assert.deepEqual((await prompt('s-1', 'invoice rounding')).body.ids, []);
  assert.deepEqual((await file('s-1', 'src/billing/invoice.ts')).body.ids, []);
});

test('the recall endpoints demand the token', async (t) => {
  const { prompt } = setup(t);
  assert.equal((await prompt('s-1', 'invoice', 'wrong-token')).status, 401);
});

test('each injected line carries why it passed, in the answer and in the recall log', async (t) => {
  const { deps, call, prompt, file } = setup(t);
  const id = seedProject(deps);
  const asked = await prompt('s-why', 'why are the invoice total amounts rounding oddly?');
  const { reasons } = asked.body as unknown as { reasons: Array<{ id: number; reason: string }> };
  assert.deepEqual(
    reasons.map((r) => r.id),
    asked.body.ids,
  );
  assert.match(reasons[0]!.reason, /"invoice" \(\d+ memories hold it\)/);
  const opened = await file('s-file', 'src/billing/invoice.ts');
  assert.deepEqual(opened.body.ids, [id]);
  const log = (await call('GET', '/api/recall/recent')).body as unknown as {
    items: Array<{ moment: string; id: number; title: string; reason: string }>;
  };
  assert.deepEqual(
    log.items.map((item) => [item.moment, item.id]),
    [
      ['file', id],
      ['prompt', id],
    ],
  );
  assert.match(log.items[0]!.reason, /read or modified src\/billing\/invoice\.ts/);
  assert.equal(log.items[1]!.reason, reasons[0]!.reason);
  assert.match(log.items[1]!.title, /Invoice totals rounded/);
});
