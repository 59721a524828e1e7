import { foldContext } from '../helpers/hook-answer.ts';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE } from '../helpers/env.ts';
import {
  MALFORMED_CASES,
  NOTHING,
  type Case,
  type Row,
  type SessionState,
} from '../helpers/hostile-cases.ts';
import { ODD_CASES } from '../helpers/odd-payload-cases.ts';
import { workerForSuite } from '../helpers/suite-worker.ts';
import { waitForDrain } from '../helpers/worker.ts';

const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';
const CASES: Case[] = [...MALFORMED_CASES, ...ODD_CASES];

const MARKER = /\[claude-mem: elided \d+ of (\d+) chars\]/;

/** Columns of an event row plus derived facts about its (possibly huge) response. */
function eventRow(row: Row): Row {
  const response = typeof row.tool_response === 'string' ? row.tool_response : '';
  return {
    ...row,
    response_head: response.slice(0, 10),
    response_tail: response.slice(-10),
    response_elided_of: Number(MARKER.exec(response)?.[1] ?? 0),
    response_fits: response.length <= 50_010,
  };
}

/** Everything stored for session `sid`. */
function stateOf(dataDir: string, sid: string): SessionState {
  const bySession = 'JOIN sessions s ON s.id = x.session_id WHERE s.session_id = ? ORDER BY x.id';
  return {
    sessions: queryDb(
      dataDir,
      `SELECT session_id, project, status, prompt_count, title, source, end_reason,
         compacted_at IS NOT NULL AS compacted FROM sessions WHERE session_id = ?`,
      sid,
    ),
    prompts: queryDb(dataDir, `SELECT x.prompt_number, x.text FROM prompts x ${bySession}`, sid),
    events: queryDb(
      dataDir,
      `SELECT x.prompt_number, x.tool_name, x.tool_use_id, x.agent_id, x.tool_input, x.tool_response,
         x.error, x.failed, x.duration_ms FROM events x ${bySession}`,
      sid,
    ).map(eventRow),
    turns: queryDb(
      dataDir,
      `SELECT x.prompt_number, x.agent_id, x.last_assistant_message FROM turns x ${bySession}`,
      sid,
    ),
  };
}

/** Every row of every session other than `sid`, to prove an input touched nothing else. */
function othersOf(dataDir: string, sid: string): Row[][] {
  const notSid = 'JOIN sessions s ON s.id = x.session_id WHERE s.session_id <> ? ORDER BY x.id';
  return [
    queryDb(dataDir, 'SELECT * FROM sessions WHERE session_id <> ? ORDER BY id', sid),
    queryDb(dataDir, `SELECT x.* FROM prompts x ${notSid}`, sid),
    queryDb(dataDir, `SELECT x.* FROM events x ${notSid}`, sid),
    queryDb(dataDir, `SELECT x.* FROM turns x ${notSid}`, sid),
  ];
}

/** `actual` cut down to the columns `expected` names, row by row. */
function project(actual: SessionState, expected: SessionState): SessionState {
  const pick = (rows: Row[], like: Row[]): Row[] =>
    rows.map((row, i) =>
      Object.fromEntries(Object.keys(like[i] ?? row).map((key) => [key, row[key]])),
    );
  return {
    sessions: pick(actual.sessions, expected.sessions),
    prompts: pick(actual.prompts, expected.prompts),
    events: pick(actual.events, expected.events),
    turns: pick(actual.turns, expected.turns),
  };
}

const storedWhat = (item: Case): string =>
  item.stored === NOTHING ? 'stores nothing' : 'stores what the rules say';

describe('hooks fed malformed or hostile input', () => {
  const suite = workerForSuite();

  it('covers at least 30 inputs across every hook event and alias', () => {
    const events = new Set(CASES.map((item) => item.event));
    const required = [
      'SessionStart',
      'UserPromptSubmit',
      'PostToolUse',
      'PostToolUseFailure',
      'Stop',
    ];
    const more = [
      'SubagentStop',
      'PreCompact',
      'SessionEnd',
      'NotAHookEvent',
      'context',
      'new',
      'save',
      'summary',
    ];
    assert.ok(CASES.length >= 30);
    assert.deepEqual(
      [...required, ...more].filter((event) => !events.has(event)),
      [],
    );
  });

  for (const item of CASES) {
    it(`${item.name} on ${item.event || '(no event)'}: exits 0, answers neutral JSON, ${storedWhat(item)}`, async () => {
      const others = othersOf(suite().home.dataDir, item.sid);
      const run = await runHookProcess(
        HOOK_BUNDLE,
        item.event,
        item.stdin,
        suite().home.env,
        tmpdir(),
      );
      await waitForDrain(suite().home);
      const stored = stateOf(suite().home.dataDir, item.sid);
      assert.deepEqual(
        { code: run.code, stdout: foldContext(run.stdout), stderr: run.stderr },
        { code: 0, stdout: NEUTRAL_LINE, stderr: '' },
      );
      assert.deepEqual(project(stored, item.stored), item.stored);
      assert.deepEqual(othersOf(suite().home.dataDir, item.sid), others);
    });
  }

  it('left nothing in the spool quarantine (no hostile input reached the spool malformed)', () => {
    assert.deepEqual(readdirSync(join(suite().home.dataDir, 'spool', 'quarantine')), []);
  });

  it('kept the one worker alive throughout', () => {
    assert.equal(suite().worker.exitCode, null);
  });
});
