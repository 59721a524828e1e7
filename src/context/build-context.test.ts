import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  seedMany,
  seedObservation,
  seedSession,
  seedSummary,
  seedTurn,
} from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { buildContext, type ContextOptions } from './build-context.ts';
import type { ContextRequest } from './select.ts';

const NOW = new Date(2025, 4, 31, 18, 0).getTime();
const HOUR = 3_600_000;
const OPTIONS: ContextOptions = { maxTokens: 1500, maxObservations: 60 };

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const ask = (over: Partial<ContextRequest> = {}): ContextRequest => ({
  project: 'alpha',
  source: 'startup',
  now: NOW,
  ...over,
});

const lines = (text: string): string[] => text.split('\n');

test('a new project gets a short empty-state message, wrapped in the context tags', (t) => {
  const built = buildContext(open(t), ask(), OPTIONS);
  assert.equal(built.kind, 'empty');
  assert.match(
    built.text,
    /^<claude-mem-context>\n# claude-mem: project alpha\nNo memories of this project yet/,
  );
  assert.match(built.text, /<\/claude-mem-context>$/);
  assert.ok(built.bytes < 400);
});

test('the index has a header, the legend, the latest summary, day groups and how to fetch details', (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  seedSummary(db, {
    sessionRowId: s,
    request: 'Make the reader robust',
    completed: 'Reader skips partial files',
    nextSteps: 'Test empty files',
    createdAt: NOW - HOUR,
  });
  seedSummary(db, { sessionRowId: s, request: 'older request', createdAt: NOW - 5 * HOUR });
  const yesterday = seedObservation(db, {
    title: 'Spool layout',
    type: 'discovery',
    narrative: 'x'.repeat(400),
    createdAt: NOW - 24 * HOUR,
  });
  const today = seedObservation(db, {
    title: 'Fix reader race',
    type: 'bugfix',
    createdAt: NOW - 2 * HOUR,
  });
  const text = buildContext(db, ask(), OPTIONS).text;
  assert.deepEqual(lines(text).slice(0, 3), [
    '<claude-mem-context>',
    '# claude-mem: project alpha, 2025-05-31 18:00',
    'Legend: 🔴 bugfix  🟣 feature  🔄 refactor  ✅ change  🔵 discovery  ⚖️ decision  📌 pinned  ~N = tokens of the details',
  ]);
  assert.match(
    text,
    /## Latest summary \(2025-05-31 17:00\)\nRequest: Make the reader robust\nCompleted: Reader skips partial files\nNext steps: Test empty files\n/,
  );
  assert.doesNotMatch(text, /older request/);
  assert.match(
    text,
    new RegExp(
      `### 2025-05-30\\n#${yesterday} 18:00 🔵 Spool layout \\(~10[0-9]\\)\\n### 2025-05-31\\n#${today} 16:00 🔴 Fix reader race \\(~\\d+\\)`,
    ),
  );
  assert.match(
    text,
    /\nDetails: use the claude-mem MCP tools .*search.*timeline.*get_observations.*\n<\/claude-mem-context>$/,
  );
});

test('pinned observations come first however old they are', (t) => {
  const db = open(t);
  seedMany(db, 200, { end: NOW });
  const pinned = seedObservation(db, {
    title: 'Always use the spool',
    pinned: true,
    createdAt: NOW - 400 * 24 * HOUR,
  });
  const text = buildContext(db, ask(), { maxTokens: 400, maxObservations: 60 }).text;
  assert.match(
    text,
    new RegExp(
      `### 📌 pinned\\n#${pinned} 2024-\\d\\d-\\d\\d \\d\\d:\\d\\d 📌 🔵 Always use the spool`,
    ),
  );
});

test('the token budget and the 8,000-byte cap hold, whole lines only', (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  seedSummary(db, {
    sessionRowId: s,
    request: 'r'.repeat(5000),
    completed: '東'.repeat(5000),
    nextSteps: '🙂'.repeat(5000),
    createdAt: NOW,
  });
  for (let i = 0; i < 300; i += 1)
    seedObservation(db, { title: `${'標題'.repeat(100)} ${i}`, createdAt: NOW - i * 60_000 });
  for (const maxTokens of [200, 800, 1500, 2000]) {
    const built = buildContext(db, ask(), { maxTokens, maxObservations: 300 });
    assert.ok(built.bytes <= 8000, `${maxTokens}: ${built.bytes} bytes`);
    assert.ok(
      Math.ceil(built.text.length / 4) <= maxTokens,
      `${maxTokens}: ${built.text.length} chars`,
    );
    assert.match(built.text, /^<claude-mem-context>\n[^]*\n<\/claude-mem-context>$/);
    assert.deepEqual(
      lines(built.text).filter(
        (line) => line.startsWith('#') && !/^(#+ |#\d+ \d\d:\d\d )/.test(line),
      ),
      [],
    );
  }
});

test('maxObservations caps the lines and the heading says how many of how many', (t) => {
  const db = open(t);
  seedMany(db, 50, { end: NOW });
  const built = buildContext(db, ask(), { maxTokens: 2000, maxObservations: 5 });
  assert.equal(built.observations, 5);
  assert.match(built.text, /## Observations \(5 of 50, by day; pinned first\)/);
});

test("says which observations it shows, each with its line's tokens, the same ids as its text", (t) => {
  const db = open(t);
  seedMany(db, 30, { end: NOW });
  const built = buildContext(db, ask(), { maxTokens: 2000, maxObservations: 7 });
  const inText = [...built.text.matchAll(/^#(\d+) /gm)].map((match) => Number(match[1]));
  assert.deepEqual(
    built.shown.map(({ id }) => id).sort((a, b) => a - b),
    inText.sort((a, b) => a - b),
  );
  assert.equal(built.shown.length, 7);
  assert.ok(built.shown.every(({ tokens }) => tokens >= 5 && tokens <= 60));
});

test("resume shows only what is newer than the session's last response", (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  seedMany(db, 100, { end: NOW - 2 * HOUR, sessionRowId: s });
  seedTurn(db, s, NOW - HOUR);
  const fresh = seedObservation(db, {
    title: 'Made after the answer',
    createdAt: NOW - 30 * 60_000,
  });
  const resumed = buildContext(db, ask({ source: 'resume', sessionId: 's1' }), OPTIONS);
  const startup = buildContext(db, ask({ sessionId: 's1' }), OPTIONS);
  assert.equal(resumed.kind, 'resume');
  assert.equal(resumed.observations, 1);
  assert.match(
    resumed.text,
    new RegExp(`# claude-mem: alpha, new since your last response[^]*#${fresh} `),
  );
  assert.doesNotMatch(resumed.text, /Legend/);
  assert.ok(resumed.bytes < startup.bytes);
});

test('resume with nothing new gives no context; resume of an unknown session gives the full index', (t) => {
  const db = open(t);
  const s = seedSession(db, 's1');
  seedMany(db, 10, { end: NOW - 2 * HOUR, sessionRowId: s });
  seedTurn(db, s, NOW - HOUR);
  assert.deepEqual(buildContext(db, ask({ source: 'resume', sessionId: 's1' }), OPTIONS), {
    text: '',
    kind: 'resume',
    observations: 0,
    bytes: 0,
    shown: [],
  });
  assert.equal(
    buildContext(db, ask({ source: 'resume', sessionId: 'unknown' }), OPTIONS).kind,
    'full',
  );
});

test("compact shows this session's own latest summary, even when another session summarized later", (t) => {
  const db = open(t);
  const own = seedSession(db, 's-own');
  const other = seedSession(db, 's-other');
  seedObservation(db, { title: 'x', createdAt: NOW - HOUR });
  seedSummary(db, { sessionRowId: own, request: 'my own request', createdAt: NOW - 2 * HOUR });
  seedSummary(db, { sessionRowId: other, request: 'another request', createdAt: NOW - HOUR });
  const compact = buildContext(db, ask({ source: 'compact', sessionId: 's-own' }), OPTIONS).text;
  const startup = buildContext(db, ask({ sessionId: 's-own' }), OPTIONS).text;
  assert.match(compact, /## This session before compaction \([^)]*\)\nRequest: my own request/);
  assert.match(startup, /## Latest summary \([^)]*\)\nRequest: another request/);
});

test('clear is a full index like startup; other projects never show', (t) => {
  const db = open(t);
  seedObservation(db, { title: 'alpha thing', createdAt: NOW - HOUR });
  seedObservation(db, { title: 'beta thing', project: 'beta', createdAt: NOW - HOUR });
  const cleared = buildContext(db, ask({ source: 'clear' }), OPTIONS);
  assert.equal(cleared.text, buildContext(db, ask(), OPTIONS).text);
  assert.doesNotMatch(cleared.text, /beta thing/);
});
