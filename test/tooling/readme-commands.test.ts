// Every `claude-mem` command the README and docs/ show is run here (Must show 5 of issue 31):
// a command of a code block runs for real against a temporary data folder when that is safe
// (settings, status, doctor, search, a dry run...) and must not be refused as a usage mistake;
// one that would reach a network, start a worker or change the machine runs with --help, and
// its options must be ones its parser accepts. Every npm package the docs tell a reader to
// install or run must exist: in package.json, or in a short list of public packages checked by
// hand (no network here).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import {
  claudeMemCommands,
  isSynopsis,
  namedPackages,
  readDocs,
  type DocCommand,
} from '../helpers/doc-commands.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { ACCEPTED_FLAGS, flagsIn } from '../helpers/help-sections.ts';
import { stopWorker } from '../helpers/worker.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = readDocs();
const COMMANDS = claudeMemCommands(DOCS);

/**
 * Public npm packages the docs name that are not dependencies of ours, each looked up on the
 * registry by hand when it was added. `claude-mem` (the incumbent's) and
 * `@durable-mem/claude-mem` (ours, not published) must never be here.
 */
const KNOWN_PUBLIC = ['chromadb'];

/** Commands safe to run for real in a temporary data folder with no worker start. */
function runsForReal(args: string[]): boolean {
  const [command = '', ...rest] = args;
  if (['--version', '--help', 'config', 'status', 'usage', 'retry', 'context'].includes(command))
    return true;
  if (['search', 'verify', 'export', 'show'].includes(command)) return true;
  if (command === 'doctor') return !rest.some((w) => /^--(check-provider|repair|vacuum)/.test(w));
  return ['install', 'uninstall'].includes(command) && rest.includes('--dry-run');
}

const where = (c: DocCommand): string => `${c.file}: claude-mem ${c.args.join(' ')}`;
const USAGE_MISTAKE = /unknown (option|command|setting|key)|unexpected argument|needs a value/;

/** Options a command of the docs uses that its parser does not accept, or its unknown name. */
function unacceptedFlags({ args }: DocCommand): string[] {
  const [command = ''] = args;
  // `claude-mem <command> --help` names no command in particular.
  if (['--version', '--help'].includes(command) || isSynopsis([command])) return [];
  const accepted = ACCEPTED_FLAGS[command];
  const used = flagsIn(args.join(' '));
  return accepted
    ? used.filter((flag) => !accepted.includes(flag))
    : [`unknown command ${command}`];
}

/**
 * Runs a command of a code block in `home` (for real, or its `--help`): undefined when it ran,
 * else what went wrong. A real run may fail for want of a worker or data (exit 1), never as a
 * usage mistake; a --help must exit 0.
 */
async function refusal(command: DocCommand, home: TestHome): Promise<string | undefined> {
  const real = runsForReal(command.args);
  const run = await cli(real ? command.args : [command.args[0] ?? '', '--help'], home.env);
  const failed = run.code === 2 || USAGE_MISTAKE.test(run.stderr) || (!real && run.code !== 0);
  return failed ? `${where(command)} -> exit ${run.code}: ${run.stderr.trim()}` : undefined;
}

/** Sets what a `config set KEY VALUE` of the docs sets: undefined when saved, else why not. */
async function settingRefused(command: DocCommand, home: TestHome): Promise<string | undefined> {
  const run = await cli(command.args, home.env);
  return run.code === 0 ? undefined : `${where(command)} -> ${run.stderr.trim()}`;
}

/** Each command in turn (one CLI process at a time), then the answers that are not undefined. */
async function inTurn(
  commands: DocCommand[],
  check: (command: DocCommand) => Promise<string | undefined>,
): Promise<string[]> {
  const answers: Array<string | undefined> = [];
  for (const command of commands) answers.push(await check(command));
  return answers.filter((answer): answer is string => answer !== undefined);
}

describe('every claude-mem command in the README and docs/', () => {
  let home: TestHome;
  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_WORKER_AUTO_START: 'false' });
  });
  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('finds the commands of the README and of each docs file', () => {
    const files = new Set(COMMANDS.map((c) => c.file));
    assert.ok(COMMANDS.length >= 100, `${COMMANDS.length} commands`);
    for (const file of ['README.md', 'docs/recall.md', 'docs/compression.md', 'docs/team.md'])
      assert.ok(files.has(file), file);
  });

  it('names only commands that exist, with options their parsers accept', () => {
    const wrong = COMMANDS.filter((command) => unacceptedFlags(command).length > 0);
    assert.deepEqual(
      wrong.map((command) => `${where(command)}: ${unacceptedFlags(command)}`),
      [],
    );
  });

  it('runs each command of a code block: for real where safe, else its --help', async () => {
    const blocks = COMMANDS.filter((c) => c.kind === 'block' && !isSynopsis(c.args));
    const refused = await inTurn(blocks, (command) => refusal(command, home));
    assert.ok(blocks.length >= 40, `${blocks.length} commands of code blocks`);
    assert.deepEqual(refused, []);
  });

  it('sets every setting the docs set, with the value they show', async () => {
    const sets = COMMANDS.filter(
      ({ args }) => args[0] === 'config' && args[1] === 'set' && args.length === 4,
    ).filter((c) => !isSynopsis(c.args));
    const refused = await inTurn(sets, (command) => settingRefused(command, home));
    assert.ok(sets.length >= 15, `${sets.length} config set commands`);
    assert.deepEqual(refused, []);
  });
});

describe('the npm packages the README and docs/ name', () => {
  it('are dependencies of ours or known public packages, and never the unpublished ones', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const ours = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    const named = namedPackages(DOCS);
    assert.deepEqual(
      named.filter((name) => !ours.includes(name) && !KNOWN_PUBLIC.includes(name)),
      [],
    );
    assert.ok(named.includes('chromadb'), named.join(', '));
  });
});
