import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';

const HELP = '\nRun "claude-mem --help" for usage.\n';

describe('errors in our words', () => {
  it('typos in commands, options, types, settings keys and actions get a sentence and a suggestion', async (t) => {
    const home = await recallHome(t);
    const cases: Array<[string[], string]> = [
      [['serch', 'x'], 'unknown command "serch": expected one of demo, '],
      [['search', 'x', '--limt', '5'], 'unknown option "--limt": this command takes --project, '],
      [['search', 'x', '--type', 'bugfx'], '--type bugfx: expected one of bugfix, feature, '],
      [['search', 'x', '--mode', 'hybird'], '--mode hybird: expected one of fts, vector, hybrid.'],
      [['context', '--source', 'startpu'], '--source startpu: expected one of startup, resume, '],
      [
        ['config', 'get', 'worker.prot'],
        'unknown setting "worker.prot": "claude-mem config list" ',
      ],
      [['config', 'lst'], 'unknown config action "lst": expected list, get, set or path.'],
      [['worker', 'statsu'], 'unknown worker action "statsu": expected start, stop, '],
    ];
    const suggested = [
      'search',
      '--limit',
      'bugfix',
      'hybrid',
      'startup',
      'worker.port',
      'list',
      'status',
    ];
    for (const [index, [args, sentence]] of cases.entries()) {
      const run = await cli(args, home.env, home.projectDir);
      assert.equal(run.code, 2, args.join(' '));
      assert.ok(run.stderr.startsWith(`claude-mem: ${sentence}`), run.stderr);
      const wanted = suggested[index] ?? '';
      assert.ok(run.stderr.includes(`Did you mean "${wanted}"?`), run.stderr);
    }
  });

  it('--limit 0 and --offset -1 say the range instead of a schema message', async (t) => {
    const home = await recallHome(t);
    const limit = await cli(['search', 'x', '--limit', '0'], home.env, home.projectDir);
    const offset = await cli(['search', 'x', '--offset=-1'], home.env, home.projectDir);
    assert.equal(
      limit.stderr,
      `claude-mem: --limit 0: expected a whole number from 1 to 100, as in --limit 20${HELP}`,
    );
    assert.equal(
      offset.stderr,
      `claude-mem: --offset -1: expected a whole number from 0 to 10,000, as in --offset 20${HELP}`,
    );
  });

  it('an option without its value, and an unknown project, are named', async (t) => {
    const home = await recallHome(t);
    withDatabase(home, (db) => seedObservation(db, { title: 'Spool reader', project: 'acme-api' }));
    const missing = await cli(['search', 'x', '--project'], home.env, home.projectDir);
    const project = await cli(['search', 'spool', '--project', 'acme-apj'], home.env);
    const context = await cli(['context', '--project', 'nope'], home.env);
    const verify = await cli(['verify', '--project', 'acme-apj'], home.env);
    assert.match(
      missing.stderr,
      /^claude-mem: option "--project" needs a value, as in --project <value>/,
    );
    assert.equal(project.code, 1);
    assert.equal(
      project.stderr,
      'claude-mem: no memory for project "acme-apj" (known projects: acme-api); check the name, or use --all. Did you mean "acme-api"?\n',
    );
    assert.equal(context.code, 1);
    assert.match(context.stderr, /no memory for project "nope" \(known projects: acme-api\)/);
    assert.deepEqual(
      [verify.code, verify.stdout, verify.stderr],
      [
        1,
        '',
        'claude-mem: no memory for project "acme-apj" (known projects: acme-api); check the name. Did you mean "acme-api"?\n',
      ],
    );
  });

  it('a data folder under a file is explained with what to do', async (t) => {
    const home = await recallHome(t);
    const file = join(home.projectDir, 'a-file');
    writeFileSync(file, 'x');
    const notDir = await cli(['config', 'set', 'log.level', 'debug'], {
      ...home.env,
      CLAUDE_MEM_DATA_DIR: join(file, 'data'),
    });
    assert.equal(notDir.code, 1);
    assert.equal(
      notDir.stderr,
      `claude-mem: the data folder ${join(file, 'data')} is a file, or lies under a file, not a folder: claude-mem needs a folder it can write there; fix it, or point CLAUDE_MEM_DATA_DIR at another folder (for example CLAUDE_MEM_DATA_DIR=~/.claude-mem)\n`,
    );
    assert.doesNotMatch(notDir.stderr, /ENOTDIR|\n\s+at /);
  });

  it('a data folder that cannot be made (under /proc) fails at once, naming the folder', async (t) => {
    const home = await recallHome(t);
    const env = { ...home.env, CLAUDE_MEM_DATA_DIR: '/proc/nope' };
    const runs = [await cli(['status'], env), await cli(['search', 'x'], env)];
    assert.deepEqual(
      runs.map((run) => [run.code, run.stderr]),
      runs.map(() => [
        1,
        'claude-mem: the data folder /proc/nope cannot be created there (a folder on its way is missing or takes no new folders): claude-mem needs a folder it can write there; fix it, or point CLAUDE_MEM_DATA_DIR at another folder (for example CLAUDE_MEM_DATA_DIR=~/.claude-mem)\n',
      ]),
    );
  });

  it('doctor on an unreadable settings.json says to fix the file, which config set refuses to overwrite', async (t) => {
    const home = await recallHome(t);
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(home.dataDir, 'settings.json'), '{ "log": ', { mode: 0o600 });
    const doctor = await cli(['doctor'], home.env);
    const set = await cli(['config', 'set', 'log.level', 'debug'], home.env);
    assert.match(
      doctor.stdout,
      /FAIL settings .*not valid JSON.* - fix or remove .*settings\.json by hand/,
    );
    assert.doesNotMatch(doctor.stdout, /fix with "claude-mem config set/);
    assert.match(set.stderr, /settings\.json: not valid JSON .*fix or remove it first/);
  });

  it('doctor suggests the key meant by an unknown one in settings.json', async (t) => {
    const home = await recallHome(t);
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(home.dataDir, 'settings.json'), '{"worker": {"prot": 4000}}', {
      mode: 0o600,
    });
    const doctor = await cli(['doctor'], home.env);
    assert.match(
      doctor.stdout,
      /worker\.prot.*unknown setting \(ignored\) Did you mean "worker\.port"\?/,
    );
  });
});
