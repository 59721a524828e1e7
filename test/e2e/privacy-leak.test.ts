import { foldContext } from '../helpers/hook-answer.ts';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { findInFiles, listFilesRecursive } from '../helpers/files.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

const SESSION = 'privacy-leak-session';
const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** Unique per run, so a hit can only come from this run's input. */
const CANARY = {
  privatePrompt: `privprompt${hex(12)}`,
  privateToolInput: `privinput${hex(12)}`,
  privateToolOutput: `privoutput${hex(12)}`,
  privateError: `priverror${hex(12)}`,
  privateReply: `privreply${hex(12)}`,
  anthropicKey: `A${hex(24)}`,
  awsKeyId: hex(8).toUpperCase(),
  githubToken: `T${hex(20)}`.slice(0, 36),
  pemBody: `MIIEowIBAAKCAQEA${hex(24)}`,
  urlPassword: `urlpw${hex(10)}`,
  password: `pw${hex(12)}`,
  serviceSecret: `svc${hex(12)}`,
  bearer: `9${hex(16)}`,
};

/** Stored on purpose: proves the byte search does see the database's content. */
const VISIBLE = `visible${hex(12)}`;

const SECRET_OUTPUT = [
  `deploying ${VISIBLE}`,
  `ANTHROPIC_KEY_IN_USE sk-ant-api03-${CANARY.anthropicKey}`,
  `aws key id AKIA${CANARY.awsKeyId}`,
  `pushed with ghp_${CANARY.githubToken}`,
  '-----BEGIN RSA PRIVATE KEY-----',
  CANARY.pemBody,
  `${hex(30)}`,
  '-----END RSA PRIVATE KEY-----',
  `db: postgres://deploy:${CANARY.urlPassword}@db.internal.example:5432/app`,
  `password=${CANARY.password}`,
  `MY_SERVICE_SECRET=${CANARY.serviceSecret}`,
].join('\n');

type Step = [event: string, fields: Record<string, unknown>];

function script(cwd: string): Step[] {
  const tool = (id: string, fields: Record<string, unknown>): Step => [
    'PostToolUse',
    { tool_name: 'Bash', tool_use_id: id, duration_ms: 5, ...fields },
  ];
  return [
    ['SessionStart', { source: 'startup' }],
    ['UserPromptSubmit', { prompt: `<private>look at ${CANARY.privatePrompt} please</private>` }],
    tool('toolu_priv_1', {
      tool_input: { command: `grep ${CANARY.privateToolInput} ${cwd}` },
      tool_response: { stdout: CANARY.privateToolOutput, stderr: '' },
    }),
    tool('toolu_priv_2', {
      tool_name: 'Read',
      tool_input: { file_path: `${cwd}/${CANARY.privateToolInput}.txt` },
    }),
    [
      'PostToolUseFailure',
      {
        tool_name: 'Bash',
        tool_use_id: 'toolu_priv_3',
        tool_input: {},
        error: CANARY.privateError,
      },
    ],
    ['SubagentStop', { agent_id: 'agent-priv', last_assistant_message: CANARY.privateReply }],
    ['Stop', { stop_hook_active: false, last_assistant_message: `found ${CANARY.privateReply}` }],
    ['UserPromptSubmit', { prompt: 'now run the deploy script' }],
    tool('toolu_public_1', {
      tool_input: {
        command: `curl -H "Authorization: Bearer ${CANARY.bearer}" https://deploy.example`,
      },
      tool_response: { stdout: SECRET_OUTPUT, stderr: '', interrupted: false },
    }),
    ['Stop', { stop_hook_active: false, last_assistant_message: 'deployed' }],
    ['SessionEnd', { reason: 'exit' }],
  ];
}

async function replay(home: TestHome, cwd: string): Promise<HookRun[]> {
  const runs: HookRun[] = [];
  for (const [event, fields] of script(cwd)) {
    const payload = {
      session_id: SESSION,
      transcript_path: join(cwd, 't.jsonl'),
      cwd,
      hook_event_name: event,
      ...fields,
    };
    runs.push(await runHookProcess(HOOK_BUNDLE, event, JSON.stringify(payload), home.env, cwd));
  }
  return runs;
}

describe('a fully private turn and secrets in tool output, through the real hooks', () => {
  let home: TestHome;
  let root: string;
  let runs: HookRun[];
  let stored: { events: unknown[]; prompts: unknown[]; sessions: unknown[]; turns: unknown[] };

  before(async () => {
    home = await createTestHome();
    root = dirname(home.dataDir);
    const cwd = join(root, 'shop-api');
    mkdirSync(cwd);
    await startWorker(home);
    runs = await replay(home, cwd);
    await waitForDrain(home);
    const bySession = 'JOIN sessions s ON s.id = x.session_id WHERE s.session_id = ? ORDER BY x.id';
    stored = {
      events: queryDb(
        home.dataDir,
        `SELECT x.tool_use_id, x.prompt_number, x.tool_input, x.tool_response FROM events x ${bySession}`,
        SESSION,
      ),
      prompts: queryDb(
        home.dataDir,
        `SELECT x.prompt_number, x.text FROM prompts x ${bySession}`,
        SESSION,
      ),
      sessions: queryDb(home.dataDir, 'SELECT prompt_count, title, status FROM sessions'),
      turns: queryDb(
        home.dataDir,
        `SELECT x.prompt_number, x.last_assistant_message FROM turns x ${bySession}`,
        SESSION,
      ),
    };
    // Stopping closes the database, which checkpoints the WAL into the main file.
    await stopWorker(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('answers every hook with the neutral JSON', () => {
    assert.deepEqual(
      runs.map((run) => [run.code, foldContext(run.stdout), run.stderr]),
      runs.map(() => [0, NEUTRAL_LINE, '']),
    );
  });

  it("stores the visible turn's tool event, redacted, and none of the private turn's", () => {
    const events = stored.events as Array<{
      tool_use_id: string;
      prompt_number: number;
      tool_input: string;
      tool_response: string;
    }>;
    const text = events.map((event) => `${event.tool_input}\n${event.tool_response}`).join('\n');
    const kinds = [...text.matchAll(/\[REDACTED:([a-z-]+)\]/g)].map((match) => match[1]);
    assert.deepEqual(
      events.map((event) => [event.tool_use_id, event.prompt_number]),
      [['toolu_public_1', 2]],
    );
    assert.deepEqual(
      new Set(kinds),
      new Set([
        'anthropic-key',
        'aws-access-key-id',
        'github-token',
        'private-key',
        'url-credentials',
        'password',
        'env-secret',
        'bearer-token',
      ]),
    );
    assert.match(text, new RegExp(VISIBLE));
  });

  it('stores no prompt row and no title for the fully private prompt', () => {
    assert.deepEqual(stored.prompts, [{ prompt_number: 2, text: 'now run the deploy script' }]);
    assert.deepEqual(stored.sessions, [
      { prompt_count: 2, title: 'now run the deploy script', status: 'completed' },
    ]);
  });

  it("stores only the visible turn's end", () => {
    assert.deepEqual(stored.turns, [{ prompt_number: 2, last_assistant_message: 'deployed' }]);
  });

  it('finds the stored visible text in the database file by byte search (the search works)', () => {
    const hits = findInFiles(root, [VISIBLE])[VISIBLE] ?? [];
    assert.ok(
      hits.includes(join(home.dataDir, 'claude-mem.db')),
      `visible text found only in ${hits.join(', ')}`,
    );
  });

  it('leaves no canary in any file under the home folder: database, WAL, logs, spool, state', () => {
    const files = listFilesRecursive(root);
    assert.ok(files.includes(join(home.dataDir, 'claude-mem.db')));
    assert.ok(files.includes(join(home.dataDir, 'claude-mem.log')));
    assert.deepEqual(findInFiles(root, Object.values(CANARY)), {});
  });
});
