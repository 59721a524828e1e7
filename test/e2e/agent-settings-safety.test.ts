import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { parseJsonc } from '../../src/cli/install/jsonc.ts';
import { cli } from '../helpers/cli.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { listFilesRecursive } from '../helpers/files.ts';
import { stopWorker } from '../helpers/worker.ts';

/**
 * One user's files for an agent: `clean` is what they have (comments where the format allows),
 * `own` holds a `claude-mem` MCP server of their own, `broken` a file the agent could not read
 * either. `last` is the file install writes last: refusing it must leave the others untouched.
 */
interface Fixture {
  agent: 'claude' | 'codex' | 'gemini' | 'copilot';
  clean: Record<string, string>;
  own: Record<string, string>;
  broken: Record<string, string>;
  last: string;
  /** Where each comment of `clean` must still be after install. */
  comments: string[];
}

const CLAUDE_SETTINGS = `{
  "model": "opus",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  }
}
`;

const CODEX_CONFIG = `# my Codex settings
model = "o3" # the fast one

[mcp_servers.other]
command = "other-mcp"
args = [
  "--flag", # why it is there
]
`;

const GEMINI_SETTINGS = `// Gemini reads comments and trailing commas
{
  "theme": "GitHub", // dark at night
  /* servers I might add */
  "mcpServers": {},
  "security": { "auth": { "selectedType": "gemini-api-key" } },
}
`;

const OWN_JSON = `{
  "mcpServers": {
    "claude-mem": { "command": "my-memory", "args": ["serve"] }
  }
}
`;

const FIXTURES: Fixture[] = [
  {
    agent: 'claude',
    clean: { '.claude/settings.json': CLAUDE_SETTINGS, '.claude.json': '{"numStartups": 3}\n' },
    own: { '.claude/settings.json': CLAUDE_SETTINGS, '.claude.json': OWN_JSON },
    broken: { '.claude/settings.json': CLAUDE_SETTINGS, '.claude.json': '{"numStartups": 3,\n' },
    last: '.claude.json',
    comments: [],
  },
  {
    agent: 'codex',
    clean: { '.codex/hooks.json': '{ "hooks": {} }\n', '.codex/config.toml': CODEX_CONFIG },
    own: {
      '.codex/hooks.json': '{ "hooks": {} }\n',
      '.codex/config.toml': `${CODEX_CONFIG}\n[mcp_servers.claude-mem]\ncommand = "my-memory"\n`,
    },
    broken: {
      '.codex/hooks.json': '{ "hooks": {} }\n',
      '.codex/config.toml': `${CODEX_CONFIG}model = "o3\n`,
    },
    last: '.codex/config.toml',
    comments: ['# my Codex settings', '# the fast one', '# why it is there'],
  },
  {
    agent: 'gemini',
    clean: { '.gemini/settings.json': GEMINI_SETTINGS },
    own: {
      '.gemini/settings.json': GEMINI_SETTINGS.replace(
        '"mcpServers": {}',
        '"mcpServers": { "claude-mem": { "command": "my-memory" } }',
      ),
    },
    broken: {
      '.gemini/settings.json': GEMINI_SETTINGS.replace('"theme": "GitHub",', '"theme" "GitHub",'),
    },
    last: '.gemini/settings.json',
    comments: ['// Gemini reads comments', '// dark at night', '/* servers I might add */'],
  },
  {
    agent: 'copilot',
    clean: { '.copilot/mcp-config.json': '{\n  "mcpServers": {}\n}\n' },
    own: { '.copilot/mcp-config.json': OWN_JSON },
    broken: { '.copilot/mcp-config.json': '{\n  "mcpServers": {\n}\n' },
    last: '.copilot/mcp-config.json',
    comments: [],
  },
];

const CONFIG_PLACES = ['.claude', '.claude.json', '.codex', '.gemini', '.copilot'];

describe('install and uninstall never clobber the user files of any agent', () => {
  let home: TestHome;
  const root = (): string => home.env.HOME ?? '';
  const at = (rel: string): string => join(root(), rel);

  /** Every file and its mode in the agents' config places, backups included. */
  function snapshot(): Record<string, string> {
    const files = CONFIG_PLACES.map(at)
      .filter((path) => existsSync(path))
      .flatMap((path) => (statSync(path).isDirectory() ? listFilesRecursive(path) : [path]));
    return Object.fromEntries(
      files.map((file) => [
        file.slice(root().length),
        `${(statSync(file).mode & 0o777).toString(8)} ${readFileSync(file, 'utf8')}`,
      ]),
    );
  }

  function writeFiles(files: Record<string, string>): Record<string, string> {
    for (const place of CONFIG_PLACES) {
      chmodRecursive(at(place));
      rmSync(at(place), { recursive: true, force: true });
    }
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(at(rel)), { recursive: true });
      writeFileSync(at(rel), text, { mode: 0o644 });
    }
    return snapshot();
  }

  function chmodRecursive(path: string): void {
    for (const file of existsSync(path) && statSync(path).isDirectory()
      ? listFilesRecursive(path)
      : []) {
      chmodSync(file, 0o644);
    }
    if (existsSync(path) && statSync(path).isFile()) chmodSync(path, 0o644);
  }

  const run = (args: string[]) => cli(args, home.env, root());
  const agentArgs = (agent: string): string[] => (agent === 'claude' ? [] : ['--agent', agent]);

  before(async () => {
    home = await createTestHome();
  });
  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  for (const fixture of FIXTURES) {
    const { agent } = fixture;
    const lastFile = (): string => at(fixture.last);

    it(`${agent}: a claude-mem server of the user's own is refused on install and kept on uninstall`, async () => {
      const before = writeFiles(fixture.own);
      const install = await run(['install', ...agentArgs(agent)]);
      assert.equal(install.code, 1, install.stdout);
      assert.ok(install.stderr.includes(lastFile()), install.stderr);
      assert.match(install.stderr, /claude-mem.*(?:not written by claude-mem|did not write)/);
      assert.match(install.stderr, /nothing was changed/);
      assert.deepEqual(snapshot(), before);
      const uninstall = await run(['uninstall', ...agentArgs(agent)]);
      assert.equal(uninstall.code, 0, uninstall.stderr);
      assert.deepEqual(snapshot(), before);
    });

    it(`${agent}: install keeps every comment, uninstall gives back the bytes and leaves no backup`, async () => {
      const before = writeFiles(fixture.clean);
      const install = await run(['install', ...agentArgs(agent)]);
      assert.equal(install.code, 0, install.stderr);
      const installed = readFileSync(lastFile(), 'utf8');
      assert.ok(installed.includes('claude-mem'), installed);
      assert.deepEqual(
        fixture.comments.filter((comment) => !installed.includes(comment)),
        [],
      );
      const uninstall = await run(['uninstall', ...agentArgs(agent)]);
      assert.equal(uninstall.code, 0, uninstall.stderr);
      assert.deepEqual(snapshot(), before);
      const printed = uninstall.stdout
        .split('\n')
        .filter((line) => /^(updated|removed) /.test(line));
      assert.deepEqual(printed, [...new Set(printed)]);
    });

    it(`${agent}: a broken file is refused before anything is written`, async () => {
      const before = writeFiles(fixture.broken);
      const install = await run(['install', ...agentArgs(agent)]);
      assert.equal(install.code, 1, install.stdout);
      assert.match(install.stderr, /is not valid (?:JSON|TOML)/);
      assert.ok(install.stderr.includes(lastFile()), install.stderr);
      assert.deepEqual(snapshot(), before);
    });

    it(`${agent}: a read-only file is refused before anything is written, on install and on uninstall`, async () => {
      const before = writeFiles(fixture.clean);
      chmodSync(lastFile(), 0o444);
      const readOnly = snapshot();
      const install = await run(['install', ...agentArgs(agent)]);
      assert.equal(install.code, 1, install.stdout);
      assert.ok(install.stderr.includes(`${lastFile()} is read-only (mode 0444)`), install.stderr);
      assert.deepEqual(snapshot(), readOnly);
      chmodSync(lastFile(), 0o644);
      await run(['install', ...agentArgs(agent)]);
      chmodSync(lastFile(), 0o444);
      const installed = snapshot();
      const refused = await run(['uninstall', ...agentArgs(agent)]);
      assert.equal(refused.code, 1, refused.stdout);
      assert.deepEqual(snapshot(), installed);
      chmodSync(lastFile(), 0o644);
      await run(['uninstall', ...agentArgs(agent)]);
      assert.deepEqual(snapshot(), before);
    });
  }

  it('gemini: the installed settings.json is JSONC with ours and everything of the user', async () => {
    writeFiles(fixtureOf('gemini').clean);
    await run(['install', '--agent', 'gemini']);
    const settings = parseJsonc(readFileSync(at('.gemini/settings.json'), 'utf8')).value as {
      theme: string;
      mcpServers: Record<string, unknown>;
      hooks: Record<string, unknown>;
    };
    assert.equal(settings.theme, 'GitHub');
    assert.deepEqual(Object.keys(settings.mcpServers), ['claude-mem']);
    assert.equal(Object.keys(settings.hooks).length, 6);
  });

  it('claude: uninstall leaves no backup when Claude Code rewrote ~/.claude.json meanwhile', async () => {
    writeFiles(fixtureOf('claude').clean);
    await run(['install']);
    const claudeJson = JSON.parse(readFileSync(at('.claude.json'), 'utf8')) as object;
    writeFileSync(at('.claude.json'), JSON.stringify({ ...claudeJson, numStartups: 4 }));
    const uninstall = await run(['uninstall']);
    assert.equal(uninstall.code, 0, uninstall.stderr);
    assert.deepEqual(JSON.parse(readFileSync(at('.claude.json'), 'utf8')), { numStartups: 4 });
    assert.equal(readFileSync(at('.claude/settings.json'), 'utf8'), CLAUDE_SETTINGS);
    assert.deepEqual(
      Object.keys(snapshot()).filter((file) => file.endsWith('.claude-mem.bak')),
      [],
    );
  });

  it('codex: a folder in place of config.toml is refused, and hooks.json is not written', async () => {
    const before = writeFiles({ '.codex/hooks.json': '{ "hooks": {} }\n' });
    mkdirSync(at('.codex/config.toml'));
    const install = await run(['install', '--agent', 'codex']);
    assert.equal(install.code, 1, install.stdout);
    assert.ok(install.stderr.includes(`${at('.codex/config.toml')} is a folder`), install.stderr);
    assert.deepEqual(snapshot(), before);
  });

  // Root writes through mode bits; an immutable file (chattr +i) refuses even root. Where the
  // file system or the user cannot set the flag, the mode-bit cases above stand for it.
  const immutable = canSetImmutable();
  it(
    'codex: an immutable config.toml (chattr +i) is refused, and hooks.json is not written',
    { skip: immutable ? false : 'chattr +i is not available here (needs root and ext4 or alike)' },
    async (t: TestContext) => {
      const before = writeFiles(fixtureOf('codex').clean);
      spawnSync('chattr', ['+i', at('.codex/config.toml')]);
      t.after(() => spawnSync('chattr', ['-i', at('.codex/config.toml')]));
      const install = await run(['install', '--agent', 'codex']);
      assert.equal(install.code, 1, install.stdout);
      assert.match(install.stderr, /config\.toml is read-only \(EPERM, mode 0644\).*chattr -i/);
      assert.deepEqual(snapshot(), before);
    },
  );
});

function fixtureOf(agent: Fixture['agent']): Fixture {
  return FIXTURES.find((candidate) => candidate.agent === agent) as Fixture;
}

function canSetImmutable(): boolean {
  const probe = join(process.env.TMPDIR ?? '/tmp', `claude-mem-immutable-probe-${process.pid}`);
  writeFileSync(probe, '');
  const set = spawnSync('chattr', ['+i', probe]).status === 0;
  spawnSync('chattr', ['-i', probe]);
  rmSync(probe, { force: true });
  return set;
}
