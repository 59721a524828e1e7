import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, loadSettings } from '../../config/index.ts';
import { writeSpoolEvent, type SpoolEvent } from '../../spool/index.ts';
import {
  countRecoveredEvents,
  openDatabase,
  RECOVERED_EVENT_PREFIX,
  type Db,
} from '../../store/index.ts';
import { recordingLogger } from '../../../test/helpers/logger.ts';
import {
  promptEvent,
  sessionStartEvent,
  toolEvent,
  turnEndEvent,
} from '../../../test/helpers/spool-events.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import {
  assistantLine,
  jsonl,
  resultLine,
  text,
  toolUse,
  userLine,
} from '../../../test/helpers/transcript-lines.ts';
import { ingestAll } from './ingest.ts';
import { FIRST_TAIL_BYTES } from './recover-tools.ts';

function home(t: TestContext) {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  const log = recordingLogger();
  const settings = loadSettings(dataDir, {}).settings;
  const ingest = () => ingestAll(dataDir, db, log, 1000, { settings: () => settings, log });
  const spool = (events: SpoolEvent[]) => {
    for (const event of events) writeSpoolEvent(dataDir, event);
  };
  return { dataDir, db, log, ingest, spool };
}

interface Row {
  event_uid: string;
  tool_use_id: string;
  tool_name: string;
  tool_input: string;
  tool_response: string | null;
  error: string | null;
  failed: number;
  prompt_number: number;
}

const events = (db: Db): Row[] => db.prepare('SELECT * FROM events ORDER BY id').all() as Row[];

/** A turn of three tool calls: t1 (Bash, ok), t2 (Read, failed), t3 (Grep, ok). */
const turn = (prompt: string) =>
  jsonl(
    userLine(prompt),
    assistantLine('m1', [toolUse('t1', 'Bash', { command: 'ls <private>hidden</private>' })]),
    resultLine('t1', 'a.txt', { toolUseResult: { stdout: 'a.txt', stderr: '' } }),
    assistantLine('m2', [toolUse('t2', 'Read', { file_path: '/work/alpha/nope' })]),
    resultLine('t2', 'File does not exist.', { isError: true }),
    assistantLine('m3', [toolUse('t3', 'Grep', { pattern: 'x' })]),
    resultLine('t3', 'no matches'),
    assistantLine('m4', [text('Done.')]),
  );

test('a Stop recovers the turn tools no hook delivered, through capture, marked recovered', (t) => {
  const { dataDir, db, log, ingest, spool } = home(t);
  const path = join(dataDir, 'session.jsonl');
  writeFileSync(path, turn('list the files'));
  spool([
    sessionStartEvent({ transcriptPath: path }),
    promptEvent({ transcriptPath: path }),
    toolEvent({ toolUseId: 't3', toolName: 'Grep', input: { pattern: 'x' } }),
    turnEndEvent({ transcriptPath: path }),
  ]);
  const result = ingest();
  assert.equal(result.stored, 6);
  const rows = events(db);
  assert.deepEqual(
    rows.map((row) => [row.tool_use_id, row.tool_name, row.failed, row.prompt_number]),
    [
      ['t3', 'Grep', 0, 1],
      ['t1', 'Bash', 0, 1],
      ['t2', 'Read', 1, 1],
    ],
  );
  const [hooked, bash, read] = rows;
  assert.ok(!hooked?.event_uid.startsWith(RECOVERED_EVENT_PREFIX));
  assert.ok(bash?.event_uid.startsWith(RECOVERED_EVENT_PREFIX));
  assert.ok(read?.event_uid.startsWith(RECOVERED_EVENT_PREFIX));
  // The private tag is stripped as the hook strips it.
  assert.deepEqual(JSON.parse(bash?.tool_input ?? ''), { command: 'ls ' });
  assert.deepEqual(JSON.parse(bash?.tool_response ?? ''), { stdout: 'a.txt', stderr: '' });
  assert.equal(read?.error, 'File does not exist.');
  assert.equal(countRecoveredEvents(db), 2);
  assert.ok(log.lines.some((line) => line.message.startsWith('recovered 2 tool events')));
});

test('a hook event arriving after the recovery is dropped quietly as the same event', (t) => {
  const { dataDir, db, log, ingest, spool } = home(t);
  const path = join(dataDir, 'session.jsonl');
  writeFileSync(path, turn('list the files'));
  spool([promptEvent({ transcriptPath: path }), turnEndEvent({ transcriptPath: path })]);
  ingest();
  spool([toolEvent({ toolUseId: 't1', toolName: 'Bash', input: { command: 'ls' } })]);
  const late = ingest();
  assert.deepEqual([late.stored, late.duplicates, late.quarantined], [0, 1, 0]);
  // A second Stop over the same transcript recovers nothing more.
  spool([turnEndEvent({ transcriptPath: path })]);
  const again = ingest();
  assert.deepEqual([again.stored, again.duplicates], [1, 0]);
  assert.equal(events(db).length, 3);
  assert.equal(log.lines.filter((line) => line.message.startsWith('recovered')).length, 1);
});

test('only the last turn is recovered, and nothing of a fully private one', (t) => {
  const { dataDir, db, ingest, spool } = home(t);
  const path = join(dataDir, 'session.jsonl');
  const earlier = jsonl(
    userLine('an older turn'),
    assistantLine('o1', [toolUse('old', 'Bash', { command: 'pwd' })]),
    resultLine('old', '/work'),
  );
  writeFileSync(path, earlier + turn('<private>all of it</private>'));
  spool([
    promptEvent({ transcriptPath: path, text: null }),
    turnEndEvent({ transcriptPath: path }),
  ]);
  ingest();
  assert.deepEqual(events(db), []);
});

test('a missing transcript is logged and recovers nothing; the Stop is stored', (t) => {
  const { dataDir, db, log, ingest, spool } = home(t);
  const path = join(dataDir, 'gone.jsonl');
  spool([promptEvent({ transcriptPath: path }), turnEndEvent({ transcriptPath: path })]);
  const result = ingest();
  assert.deepEqual([result.stored, result.quarantined], [2, 0]);
  assert.deepEqual(events(db), []);
  assert.equal(db.prepare('SELECT COUNT(*) FROM turns').pluck().get(), 1);
  assert.ok(log.lines.some((line) => line.message.startsWith('recovery: cannot read transcript')));
});

test('a subagent stop recovers nothing (its calls are in its own transcript)', (t) => {
  const { dataDir, db, ingest, spool } = home(t);
  const path = join(dataDir, 'session.jsonl');
  writeFileSync(path, turn('list the files'));
  spool([turnEndEvent({ transcriptPath: path, agentId: 'agent-1' })]);
  ingest();
  assert.deepEqual(events(db), []);
});

test('a turn longer than the first tail read is read whole, and only its own tools recovered', (t) => {
  const { dataDir, db, ingest, spool } = home(t);
  const path = join(dataDir, 'session.jsonl');
  const long = 'x'.repeat(FIRST_TAIL_BYTES + 1024);
  writeFileSync(
    path,
    turn('an earlier turn') +
      jsonl(
        userLine('read the big file'),
        assistantLine('m5', [toolUse('t4', 'Read', { file_path: '/work/alpha/big.txt' })]),
        resultLine('t4', long),
        assistantLine('m6', [toolUse('t5', 'Bash', { command: 'wc -c big.txt' })]),
        resultLine('t5', '263168 big.txt', { toolUseResult: { stdout: '263168', stderr: '' } }),
        assistantLine('m7', [text('Done.')]),
      ),
  );
  spool([promptEvent({ transcriptPath: path }), turnEndEvent({ transcriptPath: path })]);
  ingest();
  assert.deepEqual(
    events(db).map((row) => [row.tool_use_id, row.tool_name]),
    [
      ['t4', 'Read'],
      ['t5', 'Bash'],
    ],
  );
});
