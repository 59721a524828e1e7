// Must show 4 (issue 15): switching embedder on a real worker with a real database re-embeds
// in the background with progress, search answers from full text meanwhile (never from two
// models' vectors), a restart carries on, and in the end one model ranks. The new embedder is
// the Ollama recipe of docs/recall.md, run as written, pointed at a fake embeddings server on 127.0.0.1.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { api } from '../helpers/admin-home.ts';
import { launchBrowser, NEEDS_CHROMIUM, openViewer } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { startFakeEmbeddings, type FakeEmbeddings } from '../helpers/fake-embeddings.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { hook } from '../helpers/viewer-seed.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';
import type { EmbeddingStatus } from '../../src/domain/index.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'recall.md'), 'utf8');

/** The `claude-mem config set` lines of the recipe `### Embeddings: <name>` (docs/recall.md). */
function recipe(name: string, url: string): string[][] {
  const section = new RegExp(`### Embeddings: ${name}\\n[^]*?\`\`\`sh\\n([^]*?)\`\`\``).exec(
    DOC,
  )?.[1];
  assert.ok(section, `no embedder recipe for ${name} in docs/recall.md`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('claude-mem config set '))
    .map((line) => line.split(/\s+/).slice(1))
    .map((args) => (args[2] === 'search.embeddingsUrl' ? [...args.slice(0, 3), url] : args));
}

/** What /api/recall/status answers: the domain's one type. */
type RecallStatus = EmbeddingStatus;

interface SearchAnswer {
  mode: string;
  items: Array<{ id: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /api/recall/status until `done` holds (at most 60 s). */
async function statusWhen(
  home: RecallHome,
  what: string,
  done: (status: RecallStatus) => boolean,
): Promise<RecallStatus> {
  const deadline = Date.now() + 60_000;
  let last: RecallStatus | undefined;
  while (Date.now() < deadline) {
    last = await api<RecallStatus>(home, '/api/recall/status');
    if (done(last)) return last;
    await sleep(50);
  }
  throw new Error(`waited 60 s for ${what}; last status ${JSON.stringify(last)}`);
}

const search = (home: RecallHome, q: string, mode = 'hybrid') =>
  api<SearchAnswer>(home, `/api/search?q=${encodeURIComponent(q)}&project=alpha&mode=${mode}`);

const TOPICS = ['parser tables', 'token budget', 'worker daemon', 'queue lock', 'schema upgrade'];

/** A home whose settings file (not the environment) chooses the embedder, with `count` memories. */
async function seededHome(t: TestContext, count: number, env: NodeJS.ProcessEnv = {}) {
  const home = await recallHome(t, 'alpha', env);
  delete home.env.CLAUDE_MEM_SEARCH_EMBEDDER;
  const needle = withDatabase(home, (db) => {
    for (let i = 0; i < count; i += 1) seedObservation(db, { title: `${TOPICS[i % 5]} note ${i}` });
    return seedObservation(db, { title: 'Spool reader drops partial files' });
  });
  return { home, needle };
}

async function configure(home: RecallHome, lines: string[][]): Promise<void> {
  for (const args of lines) {
    const run = await cli(args, home.env);
    assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
  }
}

const SWITCH_TEST =
  're-embeds with progress, searches full text meanwhile, resumes after a restart, never mixes models';

describe('switching embedder on a real worker', () => {
  // Its last part reads the viewer's Status page: without Chromium the whole test is skipped.
  it(SWITCH_TEST, NEEDS_CHROMIUM, async (t) => {
    const fake: FakeEmbeddings = await startFakeEmbeddings();
    t.after(() => fake.close());
    const { home, needle } = await seededHome(t, 400);
    const total = 401;

    // Before: the hash embedder, caught up, hybrid search.
    await configure(home, [['config', 'set', 'search.embedder', 'hash']]);
    await startWorker(home);
    await statusWhen(home, 'hash vectors', (s) => s.state === 'ready' && s.embedded === total);
    assert.equal((await search(home, 'spool reader')).mode, 'hybrid');
    await stopWorker(home);

    // The switch: the Ollama recipe of docs/recall.md, the server answering slowly enough to watch.
    fake.delayMs = 120;
    await configure(home, recipe('Ollama', fake.url));
    await startWorker(home);
    const during = await statusWhen(home, 'the re-embedding to start', (s) => s.embedded >= 16);
    assert.deepEqual(
      [during.model, during.switch, during.vectorsInSearch, during.total],
      ['openai:nomic-embed-text+tasks', { from: 'hash-v2-256' }, false, total],
    );
    assert.ok(during.embedded < total, `already done: ${JSON.stringify(during)}`);
    // Search works meanwhile, from full text: the memory is found, no vector ranking at all.
    for (const mode of ['hybrid', 'vector']) {
      const answer = await search(home, 'spool reader', mode);
      assert.equal(answer.mode, 'fts', mode);
      assert.deepEqual(
        answer.items.map((item) => item.id),
        [needle],
      );
    }
    // Capture goes on meanwhile: a prompt sent through the real hook is ingested.
    await hook(home, 'UserPromptSubmit', {
      session_id: 'switch-session',
      prompt: 'capture goes on during the switch',
      cwd: home.projectDir,
    });
    await waitForDrain(home);
    assert.deepEqual(
      queryDb<{ n: number }>(
        home.dataDir,
        "SELECT COUNT(*) AS n FROM prompts WHERE text = 'capture goes on during the switch'",
      ),
      [{ n: 1 }],
    );
    const status = await cli(['status'], home.env, home.projectDir);
    assert.match(
      status.stdout,
      /recall: search\.mode hybrid, embedder openai:nomic-embed-text\+tasks (embedding|loading)\n {2}vectors: [\d,]+ of 401 observations, [\d,]+ waiting\n {2}re-embedding after the switch from hash-v2-256: search uses full text until every observation has a vector/,
    );
    // Both models' vectors are in the table now; only the new one's count as embedded.
    const models = () =>
      queryDb<{ model: string; dimensions: number; n: number }>(
        home.dataDir,
        'SELECT model, dimensions, COUNT(*) AS n FROM recall_vectors GROUP BY model ORDER BY model',
      );
    assert.deepEqual(
      models().map((row) => [row.model, row.dimensions]),
      [
        ['hash-v2-256', 256],
        ['openai:nomic-embed-text+tasks', 768],
      ],
    );

    // A restart in the middle: the worker carries on from the database.
    await stopWorker(home);
    const doneBefore = models().find((row) => row.model.startsWith('openai:'))?.n ?? 0;
    assert.ok(doneBefore > 0 && doneBefore < total, `embedded before the restart: ${doneBefore}`);
    // It comes back while the server is down: the switch and its progress stay on show, in
    // the API and on the viewer's Status page, and search stays on full text.
    fake.delayMs = 0;
    fake.down = true;
    await startWorker(home);
    const stuck = await statusWhen(home, 'the failing restart', (s) => s.state === 'error');
    assert.deepEqual(
      [stuck.embedded, stuck.switch, stuck.vectorsInSearch],
      [doneBefore, { from: 'hash-v2-256' }, false],
    );
    const browser = await launchBrowser();
    try {
      const { page } = await openViewer(browser, home, { hash: '#/status' });
      await page
        .getByTestId('switch')
        .filter({ hasText: 'after the switch from hash-v2-256' })
        .waitFor();
      assert.equal(
        await page.getByTestId('vectors').innerText(),
        `${doneBefore} of 401 observations`,
      );
      assert.equal(
        await page.getByTestId('search-uses').innerText(),
        'full text until every observation has a vector',
      );
      const bar = page.getByRole('progressbar', { name: 're-embedding progress' });
      assert.equal(await bar.getAttribute('value'), String(Math.floor((doneBefore / total) * 100)));
    } finally {
      await browser.close();
    }
    assert.equal((await search(home, 'spool reader')).mode, 'fts');
    fake.down = false;
    const after = await statusWhen(home, 'the switch to finish', (s) => s.switch === undefined);
    assert.deepEqual(
      [after.embedded, after.total, after.vectorsInSearch, after.dimensions, after.vectorWeight],
      [total, total, true, 768, 1],
    );
    // Each memory was embedded once: nothing done before the restart was done again.
    const documents = fake
      .bodies()
      .flatMap((body) => (Array.isArray(body.input) ? body.input : []))
      .filter((text) => text.startsWith('search_document: '));
    assert.equal(documents.length, total);
    assert.deepEqual(
      models().map((row) => [row.model, row.dimensions, row.n]),
      [['openai:nomic-embed-text+tasks', 768, total]],
    );
    const hybrid = await search(home, 'spool reader');
    assert.equal(hybrid.mode, 'hybrid');
    assert.equal(hybrid.items[0]?.id, needle);
  });

  for (const [name, model, id, size, env] of [
    ['OpenAI', 'text-embedding-3-small', 'openai:text-embedding-3-small', 1536, 'OPENAI_API_KEY'],
    ['Voyage', 'voyage-code-3', 'voyage:voyage-code-3', 1024, 'VOYAGE_API_KEY'],
  ] as const) {
    it(`the ${name} recipe embeds every memory with ${model} and searches with it`, async (t) => {
      const fake = await startFakeEmbeddings({ apiKey: 'key-42' });
      t.after(() => fake.close());
      const { home, needle } = await seededHome(t, 20, { [env]: 'key-42' });
      const lines = recipe(name, fake.url);
      assert.deepEqual(
        lines.map((args) => [args[2], args[2] === 'search.embeddingsUrl' ? '' : args[3]]),
        [
          ['search.embeddingsUrl', ''],
          ['search.embeddingsModel', model],
          ['search.embeddingsKeyEnv', env],
          ['search.embedder', name === 'Voyage' ? 'voyage' : 'openai'],
        ],
      );
      await configure(home, lines);
      await startWorker(home);
      const done = await statusWhen(
        home,
        'the vectors',
        (s) => s.state === 'ready' && s.embedded === 21,
      );
      assert.deepEqual([done.model, done.dimensions, done.switch], [id, size, undefined]);
      const answer = await search(home, 'spool reader');
      assert.deepEqual([answer.mode, answer.items[0]?.id], ['hybrid', needle]);
      const types = new Set(fake.bodies().map((body) => body.input_type ?? 'none'));
      assert.deepEqual([...types].sort(), name === 'Voyage' ? ['document', 'query'] : ['none']);
      const doctor = await cli(['doctor'], home.env);
      assert.match(
        doctor.stdout,
        new RegExp(
          `OK {3}embedder +${id.replace('+', '\\+')} at http://127\\.0\\.0\\.1:\\d+/v1: ${size} dimensions`,
        ),
      );
    });
  }
});
