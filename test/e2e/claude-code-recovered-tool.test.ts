// A background PostToolUse hook that never reaches claude-mem (Claude Code ends hooks still
// running when `claude -p` ends): the worker recovers the tool call from the transcript at Stop,
// stores it marked recovered (event id `rc-...`), and compresses it like the others. A run whose
// hook does arrive stores each tool call once.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import {
  allToolResults,
  compressorReply,
  hasClaude,
  isCompressorRequest,
  offeredTools,
  runClaude,
  toolUse,
} from '../helpers/claude-cli.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import {
  startClaudeProject,
  stopClaudeProject,
  type ClaudeProject,
} from '../helpers/claude-project.ts';
import type { TestHome } from '../helpers/env.ts';
import { requestText, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import { waitForCounts } from '../helpers/wait-for-counts.ts';

const TITLE = 'The build prints built';
const BASH_COUNT = "SELECT COUNT(*) FROM events WHERE tool_name = 'Bash'";

type HookEntry = { command: string; async?: boolean };
type Settings = { hooks: Record<string, Array<{ hooks: HookEntry[] }>> };

/** The model: one Bash call per prompt, then "done" at once. */
function scriptModel(fake: FakeAnthropic): void {
  fake.respondWith((body) => {
    if (isCompressorRequest(body)) return compressorReply(body, TITLE);
    if (offeredTools(body).length === 0) return { kind: 'message', content: 'ok' };
    if (allToolResults(body).length > 0) return { kind: 'message', content: 'done' };
    const again = requestText(body).includes('again');
    return toolUse('Bash', { command: again ? 'echo again > built.txt' : 'echo one > built.txt' });
  });
}

/** Sets the installed PostToolUse command (`true`: the hook runs and captures nothing). */
function setPostToolUse(settingsFile: string, command: (installed: string) => string): void {
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Settings;
  const entry = settings.hooks.PostToolUse?.[0]?.hooks[0];
  assert.ok(entry, 'install registered no PostToolUse hook');
  entry.command = command(entry.command);
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
}

interface BashRow {
  event_uid: string;
  tool_use_id: string;
  state: string;
  reason: string | null;
  command: string;
}

const bashEvents = (home: TestHome): BashRow[] =>
  queryDb<BashRow>(
    home.dataDir,
    `SELECT event_uid, tool_use_id, state, reason, json_extract(tool_input, '$.command') AS command
       FROM events WHERE tool_name = 'Bash' ORDER BY id`,
  );

describe('a tool call whose PostToolUse hook never arrives', { skip: !hasClaude() }, () => {
  let setup: ClaudeProject;
  let home: TestHome;
  let first: HookRun;
  let second: HookRun;
  let afterFirst: BashRow[] = [];
  before(async () => {
    setup = await startClaudeProject();
    home = setup.home;
    scriptModel(setup.fake);
    const { env, project } = setup;
    const install = await cli(['install'], env, project);
    assert.equal(install.code, 0, install.stderr);
    const root = dirname(home.dataDir);
    const settingsFile = join(root, '.claude', 'settings.json');
    let installed = '';
    setPostToolUse(settingsFile, (command) => {
      installed = command;
      return 'true';
    });
    first = await runClaude('build it', { env, cwd: project });
    await waitForCounts(home, { bash: BASH_COUNT });
    afterFirst = bashEvents(home);
    setPostToolUse(settingsFile, () => installed);
    second = await runClaude('build it again', { env, cwd: project });
    await waitForCounts(home, { bash: BASH_COUNT }, 2);
  });
  after(() => stopClaudeProject(setup));

  it('runs both sessions to the end', () => {
    assert.deepEqual([first.code, second.code], [0, 0], first.stderr + second.stderr);
  });

  it('is recovered from the transcript at Stop and marked recovered', () => {
    assert.deepEqual(
      afterFirst.map((row) => [row.command, row.event_uid.slice(0, 3)]),
      [['echo one > built.txt', 'rc-']],
    );
  });

  it('is settled by compression as the same call captured by its hook is', () => {
    const [recovered, hooked] = bashEvents(home);
    assert.ok(recovered && hooked, JSON.stringify(bashEvents(home)));
    const states = [recovered, hooked].map((row) => [row.state, row.reason]);
    assert.deepEqual(
      states,
      [
        ['compressed', null],
        ['compressed', null],
      ],
      JSON.stringify(states),
    );
  });

  it('is stored once per tool call when the hook does arrive', () => {
    const rows = bashEvents(home);
    assert.deepEqual(
      rows.map((row) => row.command),
      ['echo one > built.txt', 'echo again > built.txt'],
    );
    assert.equal(new Set(rows.map((row) => row.tool_use_id)).size, 2);
  });

  it('is counted by doctor', async () => {
    const recovered = bashEvents(home).filter((row) => row.event_uid.startsWith('rc-')).length;
    const doctor = await cli(['doctor'], home.env);
    assert.match(
      doctor.stdout,
      new RegExp(`; ${recovered} tool events recovered from transcripts`),
    );
  });
});
