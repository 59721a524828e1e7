import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Settings } from '../config/index.ts';
import { answeringAnthropic } from '../../test/helpers/answering-anthropic.ts';
import { requestText, type MessagesBody } from '../../test/helpers/fake-anthropic.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../test/helpers/spool-events.ts';
import { createTestDeps } from '../../test/helpers/worker-deps.ts';
import { createSearcher } from '../search/index.ts';
import type { Db } from '../store/index.ts';
import type { SpoolEvent } from '../spool/index.ts';
import { applyEvent } from './capture/apply-event.ts';
import { createCompressionService } from './compression/compression-service.ts';

/** Compresses one turn of `events` with `settings`; returns the database. */
async function compress(
  t: TestContext,
  settings: Partial<Settings>,
  events: SpoolEvent[],
  env: NodeJS.ProcessEnv = {},
) {
  const deps = createTestDeps(t, { now: Date.now, settings });
  const service = createCompressionService(deps, { env, sleep: async () => undefined });
  t.after(() => service.stop());
  deps.db
    .transaction(() => {
      applyEvent(deps.db, promptEvent({ text: 'the worker will not start' }));
      for (const event of events) applyEvent(deps.db, event);
      applyEvent(deps.db, turnEndEvent());
    })
    .immediate();
  service.loop.kick();
  await service.loop.idle();
  return deps.db;
}

const edit = toolEvent({
  toolName: 'Edit',
  input: { file_path: '/work/alpha/src/daemon.ts', old_string: 'a', new_string: 'b' },
});

const OBSERVATION = `<observation><type>bugfix</type><title>Worker retries a held port</title>
<narrative>listen() now waits and retries.</narrative>
<files_modified><file>src/daemon.ts</file></files_modified>
<search_keys>EADDRINUSE, address already in use, why does the daemon not come up</search_keys>
</observation>`;

/** The first five full-text hits for `query`. */
const ftsSearch = (db: Db, query: string) =>
  createSearcher({ db, mode: 'fts' }).search({ query, filters: {}, limit: 5, offset: 0 });

test('search keys written by the model are asked for, parsed, stored and found by search', async (t) => {
  const { fake, settings } = await answeringAnthropic(t, OBSERVATION);
  const db = await compress(t, settings, [edit], { ANTHROPIC_API_KEY: 'k' });
  const [request] = fake.messageRequests();
  const sent = requestText(request!.json as MessagesBody);
  assert.match(sent, /<search_keys>/);
  assert.match(sent, /src\/daemon\.ts/);
  const rows = db.prepare('SELECT id, title, search_keys FROM observations').all();
  assert.deepEqual(rows, [
    {
      id: 1,
      title: 'Worker retries a held port',
      search_keys: 'EADDRINUSE, address already in use, why does the daemon not come up',
    },
  ]);
  const found = await ftsSearch(db, 'address already in use');
  assert.deepEqual(
    found.hits.map((hit) => hit.id),
    [1],
  );
});

test('the heuristic writes keys from identifiers, commands and error lines', async (t) => {
  const failed = toolEvent({
    toolName: 'Bash',
    input: { command: 'npm run build -- --watch' },
    response: { stdout: '', stderr: '' },
    failed: true,
    error: 'Exit code 2\nTS2307: Cannot find module ./rateLimiter',
  });
  const renamed = toolEvent({
    toolName: 'Edit',
    input: { file_path: '/work/alpha/src/api/rateLimiter.ts', old_string: 'a', new_string: 'b' },
  });
  const db = await compress(t, { 'compress.provider': 'heuristic' }, [failed, renamed]);
  const keys = db.prepare('SELECT search_keys FROM observations').pluck().all() as string[];
  const all = keys.join(' | ');
  assert.match(all, /npm run build/);
  assert.match(all, /TS2307: Cannot find module \.\/rateLimiter/);
  assert.match(all, /rate limiter/);
  const found = await ftsSearch(db, 'cannot find module');
  assert.ok(found.hits.length >= 1);
});
