import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { insertPrompt, insertToolEvent, insertTurnEnd } from './capture/captured.ts';
import { openDatabase, type Db } from './db.ts';
import { importRecords } from './admin/import-merge.ts';
import { insertMemory } from './memory/memory-edit.ts';
import { updateObservation } from './memory/memory-manage.ts';
import { insertObservation } from './memory/observations-write.ts';
import { nextPrompt } from './capture/sessions.ts';
import { upsertSummary } from './memory/summaries-write.ts';

const ANTHROPIC = 'sk-ant-api03-Zq9xW2vB7nM4kL1pR8tY6uI3oE5aS0dF';
const PASSWORD = 'hunter2-Secret9';
const GITHUB = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5';
const PRIVATE = 'my home is 12 Elm Street';

/** One text holding all four, as a person or a tool might write it. */
const LEAK = `key ${ANTHROPIC} and DB_PASSWORD=${PASSWORD} then ${GITHUB} <private>${PRIVATE}</private> end`;
const SECRETS = [ANTHROPIC, PASSWORD, GITHUB, PRIVATE, '<private>'];

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** Every row of every table holding text, as one string: what any reader could get back. */
function everything(db: Db): string {
  const tables = ['sessions', 'prompts', 'events', 'turns', 'observations', 'summaries'];
  return tables
    .map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all()))
    .join('\n');
}

function assertClean(db: Db): void {
  const stored = everything(db);
  assert.deepEqual(
    SECRETS.filter((secret) => stored.includes(secret)),
    [],
  );
  assert.match(stored, /\[REDACTED:anthropic-key\]/);
  assert.match(stored, / end/);
}

const observation = (sessionRowId: number) => ({
  sessionRowId,
  project: 'alpha',
  promptNumber: 1,
  type: 'change' as const,
  title: LEAK,
  subtitle: LEAK,
  narrative: LEAK,
  facts: [LEAK],
  concepts: [LEAK],
  filesRead: [],
  filesModified: [],
  sourceEventIds: [],
  provider: 'anthropic',
  model: null,
  tokensIn: 0,
  tokensOut: 0,
  contentHash: 'h1',
  at: 1000,
});

test('capture: prompts, session titles, tool events and turn ends pass the door', (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  nextPrompt(db, s, LEAK);
  insertPrompt(db, {
    eventUid: 'e1',
    sessionRowId: s,
    project: 'alpha',
    promptNumber: 1,
    text: LEAK,
    at: 1,
  });
  insertToolEvent(db, {
    eventUid: 'e2',
    toolUseId: 't2',
    sessionRowId: s,
    project: 'alpha',
    promptNumber: 1,
    agentId: null,
    toolName: 'Bash',
    toolInput: JSON.stringify({ command: LEAK }),
    toolResponse: JSON.stringify({ stdout: LEAK, [GITHUB]: 1 }),
    error: LEAK,
    failed: true,
    durationMs: null,
    at: 2,
  });
  insertTurnEnd(db, {
    eventUid: 'e3',
    sessionRowId: s,
    promptNumber: 1,
    agentId: null,
    lastAssistantMessage: LEAK,
    at: 3,
  });
  assertClean(db);
  const row = db.prepare('SELECT tool_input, tool_response FROM events').get() as Record<
    string,
    string
  >;
  assert.deepEqual(JSON.parse(row.tool_input ?? ''), {
    command: `key [REDACTED:anthropic-key] and DB_PASSWORD=[REDACTED:password] then [REDACTED:github-token]  end`,
  });
  assert.deepEqual(Object.keys(JSON.parse(row.tool_response ?? '') as object), [
    'stdout',
    '[REDACTED:github-token]',
  ]);
});

test('compression: observations and summaries pass the door', (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  insertObservation(db, observation(s));
  upsertSummary(db, {
    sessionRowId: s,
    project: 'alpha',
    promptNumber: 1,
    request: LEAK,
    investigated: LEAK,
    learned: LEAK,
    completed: LEAK,
    nextSteps: LEAK,
    notes: LEAK,
    filesRead: [],
    filesModified: [],
    provider: 'anthropic',
    model: null,
    tokensIn: 0,
    tokensOut: 0,
    at: 1,
  });
  assertClean(db);
});

test('save_memory and edits pass the door, and a saved memory is deduplicated on what is stored', (t) => {
  const db = open(t);
  const memory = {
    project: 'alpha',
    title: LEAK,
    text: LEAK,
    type: 'decision' as const,
    concepts: [LEAK],
    files: [],
    sessionRowId: null,
    pinned: false,
    at: 1,
  };
  const saved = insertMemory(db, memory);
  assert.deepEqual(insertMemory(db, { ...memory, title: LEAK.replace(PASSWORD, 'other9pw') }), {
    id: saved.id,
    created: false,
  });
  const edited = seedObservation(db, { title: 'plain' });
  updateObservation(db, edited, { title: LEAK, narrative: LEAK, facts: [LEAK, 'kept'] }, 2);
  assertClean(db);
});

test('import passes the door: sessions, prompts, observations and summaries', (t) => {
  const db = open(t);
  const session = {
    kind: 'session' as const,
    session_id: 's9',
    project: 'alpha',
    project_root: '/work/alpha',
    cwd: '/work/alpha',
    git_branch: null,
    transcript_path: null,
    source: null,
    status: 'completed' as const,
    prompt_count: 1,
    title: LEAK,
    started_at: 1,
    updated_at: 1,
    ended_at: null,
    end_reason: null,
    compacted_at: null,
  };
  const common = { id: null, session_id: 's9', project: 'alpha', prompt_number: 1, created_at: 1 };
  const { counts } = importRecords(db, [
    session,
    { ...common, kind: 'prompt', event_uid: null, text: LEAK },
    {
      ...common,
      kind: 'observation',
      type: 'change',
      title: LEAK,
      subtitle: LEAK,
      narrative: LEAK,
      facts: [LEAK],
      concepts: [],
      files_read: [],
      files_modified: [],
      source_event_uids: [],
      provider: 'user',
      model: null,
      tokens_in: 0,
      tokens_out: 0,
      content_hash: 'h',
      pinned: false,
      updated_at: 1,
    },
    {
      ...common,
      kind: 'summary',
      request: LEAK,
      investigated: LEAK,
      learned: LEAK,
      completed: LEAK,
      next_steps: LEAK,
      notes: LEAK,
      files_read: [],
      files_modified: [],
      provider: 'user',
      model: null,
      tokens_in: 0,
      tokens_out: 0,
    },
  ]);
  assert.deepEqual(
    Object.values(counts).map((c) => c.added),
    [1, 1, 1, 1],
  );
  assertClean(db);
});
