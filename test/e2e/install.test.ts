import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { HOOK_EVENTS } from '../../src/capture/index.ts';
import { stopWorker } from '../helpers/worker.ts';

/** A user's settings.json with their own hooks, odd formatting and other settings. */
const USER_SETTINGS = `{
    "model": "opus",
    "permissions": { "allow": ["Bash(npm test)"] },
    "hooks": {
        "PostToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo mine" }] }],
        "Notification": [{ "hooks": [{ "type": "command", "command": "notify-send hi" }] }]
    }
}
`;

const USER_CLAUDE_JSON = `{"numStartups": 3, "mcpServers": {"other": {"command": "other-mcp"}}}\n`;

async function homeWithSettings(
  t: TestContext,
): Promise<TestHome & { settings: string; claudeJson: string }> {
  const home = await createTestHome();
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  const settings = join(home.env.HOME ?? '', '.claude', 'settings.json');
  const claudeJson = join(home.env.HOME ?? '', '.claude.json');
  mkdirSync(join(home.env.HOME ?? '', '.claude'), { recursive: true });
  writeFileSync(settings, USER_SETTINGS);
  writeFileSync(claudeJson, USER_CLAUDE_JSON);
  return { ...home, settings, claudeJson };
}

type HookGroup = { matcher?: string; hooks: Array<{ command: string }> };

function ourCommands(settingsText: string): string[] {
  const hooks = (JSON.parse(settingsText) as { hooks: Record<string, HookGroup[]> }).hooks;
  return Object.values(hooks)
    .flat()
    .flatMap((group) => group.hooks.map((hook) => hook.command))
    .filter((command) => command.includes(HOOK_BUNDLE));
}

describe('claude-mem install and uninstall', () => {
  it('adds each hook once, keeps the user hooks and settings, and registers the MCP server', async (t) => {
    const home = await homeWithSettings(t);
    const run = await cli(['install'], home.env);
    const after = JSON.parse(readFileSync(home.settings, 'utf8')) as Record<string, unknown> & {
      hooks: Record<string, HookGroup[]>;
    };
    assert.equal(run.code, 0);
    assert.deepEqual(
      ourCommands(readFileSync(home.settings, 'utf8')).sort(),
      HOOK_EVENTS.map((e) => `node "${HOOK_BUNDLE}" ${e}`).sort(),
    );
    assert.deepEqual(after.hooks.PostToolUse?.[0], {
      matcher: 'Bash',
      hooks: [{ type: 'command', command: 'echo mine' }],
    });
    assert.deepEqual(after.hooks.Notification, [
      { hooks: [{ type: 'command', command: 'notify-send hi' }] },
    ]);
    assert.deepEqual([after.model, after.permissions], ['opus', { allow: ['Bash(npm test)'] }]);
    assert.deepEqual(
      Object.keys(
        (JSON.parse(readFileSync(home.claudeJson, 'utf8')) as { mcpServers: object }).mcpServers,
      ),
      ['other', 'claude-mem'],
    );
    assert.equal(readFileSync(`${home.settings}.claude-mem.bak`, 'utf8'), USER_SETTINGS);
    assert.match(run.stdout, /claude-mem uninstall/);
  });

  it('is idempotent: installing twice equals installing once', async (t) => {
    const home = await homeWithSettings(t);
    await cli(['install'], home.env);
    const once = [readFileSync(home.settings, 'utf8'), readFileSync(home.claudeJson, 'utf8')];
    const again = await cli(['install'], home.env);
    assert.deepEqual(
      [readFileSync(home.settings, 'utf8'), readFileSync(home.claudeJson, 'utf8')],
      once,
    );
    assert.match(again.stdout, /already installed/);
  });

  it('changes nothing with --dry-run and shows the change', async (t) => {
    const home = await homeWithSettings(t);
    const run = await cli(['install', '--dry-run'], home.env);
    assert.equal(readFileSync(home.settings, 'utf8'), USER_SETTINGS);
    assert.equal(readFileSync(home.claudeJson, 'utf8'), USER_CLAUDE_JSON);
    assert.match(run.stdout, /after install/);
    assert.ok(run.stdout.includes(`hook.cjs\\" SessionStart`));
  });

  it('restores both files exactly on uninstall and keeps the data', async (t) => {
    const home = await homeWithSettings(t);
    await cli(['install'], home.env);
    const run = await cli(['uninstall'], home.env);
    assert.equal(run.code, 0);
    assert.equal(readFileSync(home.settings, 'utf8'), USER_SETTINGS);
    assert.equal(readFileSync(home.claudeJson, 'utf8'), USER_CLAUDE_JSON);
    assert.equal(existsSync(home.dataDir), true);
  });

  it('removes files it created, and the data with --purge', async (t) => {
    const home = await createTestHome();
    t.after(async () => {
      await stopWorker(home);
      home.cleanup();
    });
    await cli(['install'], home.env);
    await cli(['uninstall', '--purge'], home.env);
    const claudeDir = join(home.env.HOME ?? '', '.claude');
    assert.deepEqual(
      [
        existsSync(join(claudeDir, 'settings.json')),
        existsSync(join(home.env.HOME ?? '', '.claude.json')),
        existsSync(home.dataDir),
      ],
      [false, false, false],
    );
  });

  it('refuses to touch a settings.json that is not valid JSON', async (t) => {
    const home = await homeWithSettings(t);
    writeFileSync(home.settings, '{ "model": "opus", ');
    const run = await cli(['install'], home.env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /settings\.json is not valid JSON/);
    assert.equal(readFileSync(home.settings, 'utf8'), '{ "model": "opus", ');
  });
});

describe('claude-mem doctor', () => {
  it('fails before install and passes after it', async (t) => {
    const home = await homeWithSettings(t);
    const before = await cli(['doctor'], home.env);
    await cli(['install'], home.env);
    const after = await cli(['doctor'], home.env);
    assert.equal(before.code, 1);
    assert.match(before.stdout, /FAIL hooks/);
    assert.equal(after.code, 0, after.stdout);
    assert.match(after.stdout, /OK {3}hooks +registered once for each of 9 events/);
    assert.match(after.stdout, /OK {3}database +quick_check ok/);
  });

  it('names capture hooks an older install left in the foreground, and install again moves them to the background', async (t) => {
    const home = await homeWithSettings(t);
    await cli(['install'], home.env);
    // What an install from before issue 33 wrote: no "async", the old file-time matcher.
    const today = JSON.parse(readFileSync(home.settings, 'utf8')) as {
      hooks: Record<string, Array<HookGroup & { hooks: Array<Record<string, unknown>> }>>;
    };
    for (const groups of Object.values(today.hooks))
      for (const group of groups) for (const hook of group.hooks) delete hook.async;
    const ours = today.hooks.PreToolUse?.find((g) => g.hooks[0]?.command.includes(HOOK_BUNDLE));
    if (ours) ours.matcher = 'Read';
    writeFileSync(home.settings, JSON.stringify(today, null, 2));
    const old = await cli(['doctor'], home.env);
    assert.match(
      old.stdout,
      /WARN hooks +.*PostToolUse, PostToolUseFailure, SubagentStop, PreCompact, SessionEnd run in the foreground.*claude-mem install/,
    );
    const again = await cli(['install'], home.env);
    assert.equal(again.code, 0, again.stderr);
    const after = JSON.parse(readFileSync(home.settings, 'utf8')) as {
      hooks: Record<string, Array<{ matcher?: string; hooks: Array<Record<string, unknown>> }>>;
    };
    const entry = (event: string) =>
      after.hooks[event]
        ?.flatMap((g) => g.hooks)
        .find((h) => String(h.command).includes(HOOK_BUNDLE));
    assert.equal(entry('PostToolUse')?.async, true);
    assert.equal(entry('SessionEnd')?.async, true);
    assert.equal(entry('UserPromptSubmit')?.async, undefined);
    // The user's own PostToolUse group is untouched; ours took today's matcher.
    assert.deepEqual(after.hooks.PostToolUse?.[0], {
      matcher: 'Bash',
      hooks: [{ type: 'command', command: 'echo mine' }],
    });
    assert.notEqual(
      after.hooks.PreToolUse?.find((g) => String(g.hooks[0]?.command).includes(HOOK_BUNDLE))
        ?.matcher,
      'Read',
    );
    assert.deepEqual(ourCommands(readFileSync(home.settings, 'utf8')).length, HOOK_EVENTS.length);
    const now = await cli(['doctor'], home.env);
    assert.match(now.stdout, /OK {3}hooks +registered once for each of 9 events/);
  });

  it('reports hooks registered twice', async (t) => {
    const home = await homeWithSettings(t);
    await cli(['install'], home.env);
    const project = join(home.env.HOME ?? '', 'repo');
    mkdirSync(join(project, '.git'), { recursive: true });
    await cli(['install', '--project'], home.env, project);
    const run = await cli(['doctor'], home.env, project);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /FAIL hooks +registered more than once/);
  });
});
