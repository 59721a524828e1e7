import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hasClaude, offlineClaudeEnv, offeredTools, runClaude } from '../helpers/claude-cli.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { createAdminHome, disposeHome } from '../helpers/admin-home.ts';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import type { HookRun } from '../../src/cli/hook-process.ts';
import type { TestHome } from '../helpers/env.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

type HookEntry = { command: string; async?: boolean };
type Settings = { hooks: Record<string, Array<{ hooks: HookEntry[] }>> };

/** The model: one Bash call, then (slowly, so the run outlives the slow hook) "done". */
function scriptModel(fake: FakeAnthropic): void {
  fake.respondWith((body) => {
    if (offeredTools(body).length === 0) return reply.text('ok');
    const asked = JSON.stringify(body.messages ?? []);
    if (!asked.includes('tool_result')) {
      return {
        kind: 'message',
        content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo built' } }],
        stopReason: 'tool_use',
      };
    }
    return reply.slow(6_000, 'done');
  });
}

/**
 * Makes the installed PostToolUse hook take 2 s before it starts (a slow hook), keeping the
 * entry as `install` wrote it otherwise; returns the entry.
 */
function slowDownPostToolUse(settingsFile: string): HookEntry {
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Settings;
  const entry = settings.hooks.PostToolUse?.[0]?.hooks[0];
  assert.ok(entry, 'install registered no PostToolUse hook');
  const installed = { ...entry };
  entry.command = `sh -c 'trap "" TERM HUP; sleep 2; exec ${entry.command}'`;
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  return installed;
}

async function storedBashEvent(home: TestHome): Promise<{ created_at: number } | undefined> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const [row] = queryDb<{ created_at: number }>(
      home.dataDir,
      "SELECT created_at FROM events WHERE tool_name = 'Bash'",
    );
    if (row) return row;
    await sleep(200);
  }
  return undefined;
}

describe('a capture hook Claude Code runs in the background', { skip: !hasClaude() }, () => {
  let home: TestHome;
  let fake: FakeAnthropic;
  let installed: HookEntry;
  let run: HookRun;
  before(async () => {
    fake = await startFakeAnthropic();
    scriptModel(fake);
    home = await createAdminHome();
    const root = dirname(home.dataDir);
    const project = join(root, 'shop');
    mkdirSync(join(root, 'tmp'), { recursive: true });
    mkdirSync(project, { recursive: true });
    const env = offlineClaudeEnv({ ...home.env, TMPDIR: join(root, 'tmp') }, fake.url);
    const install = await cli(['install'], env, project);
    assert.equal(install.code, 0, install.stderr);
    installed = slowDownPostToolUse(join(root, '.claude', 'settings.json'));
    run = await runClaude('build it', { env, cwd: project });
  });
  after(async () => {
    await fake.close();
    await disposeHome(home);
  });

  it('is registered with "async": true by install', () => {
    assert.equal(installed.async, true);
    assert.equal(run.code, 0, run.stderr);
  });

  it('does not hold back the next model request, and its event is stored', async () => {
    const afterTool = fake
      .messageRequests()
      .find((request) => request.body.includes('tool_result') && request.body.includes('built'));
    assert.ok(afterTool, 'no request carried the tool result');
    const event = await storedBashEvent(home);
    assert.ok(event, 'the PostToolUse event was never stored');
    // The hook captures (stamps its event) only after its 2 s: a Claude Code that waited for it
    // would send the tool result after that stamp, never before.
    assert.ok(
      afterTool.at < event.created_at,
      `next request at ${afterTool.at}, event captured at ${event.created_at}`,
    );
  });
});
