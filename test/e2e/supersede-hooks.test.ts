import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { workerRequest } from '../../src/client/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE } from '../helpers/env.ts';
import {
  reply,
  requestText,
  startFakeAnthropic,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { summaryAnswer } from '../helpers/fake-replies.ts';
import { recallHome, type RecallHome } from '../helpers/recall-home.ts';
import { WORKER_DEADLINE_MS, tokenOf, waitForDrain } from '../helpers/worker.ts';

// Must show 1 and 4 of issue 34: a fact recorded in one session and changed in a later one,
// through the real hook bundle and the real worker; the newest wins everywhere it is recalled.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  id: number;
  title: string;
  superseded_by: number | null;
  known: string | null;
  known_by: string | null;
}

const rows = (home: RecallHome) =>
  queryDb<Row>(
    home.dataDir,
    'SELECT id, title, superseded_by, known, known_by FROM observations ORDER BY id',
  );

async function waitForRows(home: RecallHome, count: number): Promise<Row[]> {
  const deadline = Date.now() + WORKER_DEADLINE_MS;
  for (;;) {
    await waitForDrain(home);
    const found = rows(home);
    const pending = queryDb<{ n: number }>(
      home.dataDir,
      `SELECT COUNT(*) AS n FROM events WHERE state = 'pending'`,
    )[0]?.n;
    if (found.length >= count && pending === 0) return found;
    if (Date.now() > deadline) throw new Error(`waited for ${count} observations: ${found.length}`);
    await sleep(200);
  }
}

type Payload = Record<string, unknown>;

/** One session through the spawned hooks: its prompt, tool calls, and Stop. */
async function session(home: RecallHome, id: string, tools: Payload[]): Promise<void> {
  const base = {
    session_id: id,
    cwd: home.projectDir,
    transcript_path: join(home.projectDir, `${id}.jsonl`),
  };
  const payloads: Payload[] = [
    { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'set the dev server port' },
    ...tools.map((tool, index) => ({
      ...base,
      hook_event_name: tool.error ? 'PostToolUseFailure' : 'PostToolUse',
      tool_use_id: `${id}-${index}`,
      tool_response: {},
      ...tool,
    })),
    { ...base, hook_event_name: 'Stop', last_assistant_message: 'Done.' },
  ];
  for (const payload of payloads)
    await runHookProcess(
      HOOK_BUNDLE,
      String(payload.hook_event_name),
      JSON.stringify(payload),
      home.env,
    );
}

const edit = (home: RecallHome, file: string, before: string, after: string): Payload => ({
  tool_name: 'Edit',
  tool_input: { file_path: join(home.projectDir, file), old_string: before, new_string: after },
});
const bash = (command: string): Payload => ({ tool_name: 'Bash', tool_input: { command } });

async function additionalContext(home: RecallHome, event: string, extra: Payload) {
  // Each read is a session of its own: a session is never recalled what it was shown before.
  const payload = {
    session_id: `reader-${event}`,
    cwd: home.projectDir,
    hook_event_name: event,
    ...extra,
  };
  const run = await runHookProcess(HOOK_BUNDLE, event, JSON.stringify(payload), home.env);
  const answer = JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } };
  return answer.hookSpecificOutput?.additionalContext ?? '';
}

interface Hit {
  id: number;
  older: { by: number; stored: boolean } | null;
  known: string | null;
}

async function search(home: RecallHome, q: string): Promise<Hit[]> {
  const query = new URLSearchParams({ q, project: home.project });
  const res = await workerRequest(home.port, `/api/search?${query.toString()}`, {
    token: tokenOf(home),
  });
  return (res.body as { items: Hit[] }).items;
}

async function heuristicHome(t: TestContext): Promise<RecallHome> {
  return recallHome(t, 'alpha', {
    CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic',
    CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
  });
}

test('heuristic provider: the changed port supersedes the old one everywhere', async (t) => {
  const home = await heuristicHome(t);
  await session(home, 's-1', [
    edit(home, '.env', 'PORT=8080', 'PORT=3000'),
    edit(home, 'src/cache.ts', 'old', 'export function warmCache() {'),
  ]);
  const [old] = await waitForRows(home, 2);
  await session(home, 's-2', [edit(home, '.env', 'PORT=3000', 'PORT=4000'), bash('npm test')]);
  const all = await waitForRows(home, 3);
  const now = all.find((row) => row.title.includes('PORT to 4000'));
  assert.ok(old && now, JSON.stringify(all));
  assert.equal(old.title, 'Edited .env: changed PORT to 3000');

  await t.test('the old memory is marked superseded by the new one', () => {
    assert.equal(all.find((row) => row.id === old.id)?.superseded_by, now.id);
  });

  await t.test('a passing test run verifies; an unchecked guess stays a hypothesis', () => {
    assert.deepEqual([now.known, now.known_by], ['verified', 'test']);
    const guess = all.find((row) => row.title.includes('src/cache.ts'));
    assert.deepEqual([guess?.known, guess?.known_by], ['hypothesis', null]);
  });

  await t.test('SessionStart carries only the new value, and marks the guess', async () => {
    const context = await additionalContext(home, 'SessionStart', { source: 'startup' });
    assert.match(context, /changed PORT to 4000/);
    assert.doesNotMatch(context, /changed PORT to 3000/);
    assert.match(context, /\? Edited src\/cache\.ts/);
    assert.match(context, /\? = a hypothesis: stated, not verified/);
  });

  await t.test('prompt-time recall carries only the new value', async () => {
    const context = await additionalContext(home, 'UserPromptSubmit', {
      prompt: 'which PORT is in .env now?',
    });
    assert.match(context, new RegExp(`#${now.id} .*changed PORT to 4000`));
    assert.doesNotMatch(context, /PORT to 3000/);
  });

  await t.test('search ranks the new one first and marks the old one superseded', async () => {
    const hits = await search(home, 'PORT');
    assert.deepEqual(
      hits.map((hit) => [hit.id, hit.older?.by ?? null, hit.older?.stored ?? null]),
      [
        [now.id, null, null],
        [old.id, now.id, true],
      ],
    );
  });

  await t.test('show prints the chain; verify --accept makes the guess verified', async () => {
    const shown = await cli(['show', String(old.id)], home.env, home.projectDir);
    assert.match(shown.stdout, new RegExp(`No longer true: superseded by #${now.id} on \\d{4}-`));
    assert.match(shown.stdout, new RegExp(`Chain, oldest first: #${old.id} .* -> #${now.id} `));
    const guess = all.find((row) => row.title.includes('src/cache.ts'));
    const accepted = await cli(
      ['verify', '--accept', String(guess?.id)],
      home.env,
      home.projectDir,
    );
    assert.match(accepted.stdout, /verified by you/);
    assert.equal(rows(home).find((row) => row.id === guess?.id)?.known_by, 'user');
  });
});

/** The fake LLM: a title per session, and `<supersedes>` naming every memory it is shown. */
function llmAnswer(body: MessagesBody): string {
  const system = JSON.stringify(body.system);
  const text = requestText(body);
  if (!system.includes('<observation>')) return summaryAnswer();
  const known = /<known_memories>([\s\S]*?)<\/known_memories>/.exec(text)?.[1] ?? '';
  const ids = [...known.matchAll(/#(\d+)/g)].map((m) => m[1]).join(', ');
  const title = text.includes('127.0.0.1:4000')
    ? 'Dev server now binds 127.0.0.1:4000'
    : 'Dev server binds 127.0.0.1:3000';
  const observation = `<observation><type>decision</type><title>${title}</title>
<files_modified><file>vite.config.ts</file></files_modified>
${ids ? `<supersedes>${ids}</supersedes>` : ''}</observation>`;
  return system.includes('<summary>') ? `${observation}\n${summaryAnswer()}` : observation;
}

test('a fake LLM answering <supersedes> marks the old memory, by id', async (t) => {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  fake.respondWith((body: MessagesBody) => reply.text(llmAnswer(body)));
  const home = await recallHome(t, 'alpha', {
    ANTHROPIC_API_KEY: 'test-key',
    CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
    CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
    CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
  });
  const config = (host: string) =>
    edit(home, 'vite.config.ts', 'server: {}', `server: { host: '${host}' }`);
  await session(home, 'l-1', [config('127.0.0.1:3000')]);
  const [old] = await waitForRows(home, 1);
  await session(home, 'l-2', [config('127.0.0.1:4000')]);
  const all = await waitForRows(home, 2);
  const now = all.at(-1);
  assert.deepEqual(
    all.map((row) => [row.title, row.superseded_by]),
    [
      ['Dev server binds 127.0.0.1:3000', now?.id],
      ['Dev server now binds 127.0.0.1:4000', null],
    ],
  );
  const context = await additionalContext(home, 'SessionStart', { source: 'startup' });
  assert.match(context, /binds 127\.0\.0\.1:4000/);
  assert.doesNotMatch(context, /binds 127\.0\.0\.1:3000/);
  const hits = await search(home, 'dev server binds');
  assert.deepEqual(
    hits.map((hit) => [hit.id, hit.older?.by ?? null]),
    [
      [now?.id, null],
      [old?.id, now?.id],
    ],
  );
});
