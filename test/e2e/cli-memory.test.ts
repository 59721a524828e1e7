import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';

function seed(home: RecallHome): number {
  return withDatabase(home, (db) =>
    seedObservation(db, {
      title: 'Token ttl is in seconds',
      type: 'bugfix',
      sessionRowId: seedSession(db, 'sess-show-1'),
      subtitle: 'refresh() multiplied nothing',
      narrative: 'The ttl came in seconds.\nrefresh() used it as milliseconds.',
      facts: ['ttl is seconds', 'refresh() converts to ms'],
      concepts: ['gotcha'],
      filesRead: ['src/auth/token.ts'],
      filesModified: ['src/auth/refresh.ts'],
      promptNumber: 3,
      createdAt: Date.UTC(2026, 10, 20, 10, 5),
    }),
  );
}

/** An $EDITOR: a node script that runs `body` with the file's path as `file`. */
function editorScript(home: RecallHome, body: string): string {
  const script = join(home.projectDir, 'editor.cjs');
  writeFileSync(
    script,
    `const fs = require('fs'); const file = process.argv[2]; let text = fs.readFileSync(file, 'utf8'); ${body}; fs.writeFileSync(file, text);`,
  );
  return `"${process.execPath}" "${script}"`;
}

describe('claude-mem show, pin, unpin, edit', () => {
  it('show prints every field, the files, the session and the dates with their year', async (t) => {
    const home = await recallHome(t);
    const id = seed(home);
    const run = await cli(['show', `#${id}`], home.env);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    for (const part of [
      `#${id} bugfix: Token ttl is in seconds`,
      'refresh() multiplied nothing',
      'Project: alpha  Session: sess-show-1  Prompt 3 of the session',
      'Created: 2026-11-20 10:05 UTC',
      'refresh() used it as milliseconds.',
      '- ttl is seconds',
      'Concepts: gotcha',
      'Files read: src/auth/token.ts',
      'Files modified: src/auth/refresh.ts',
    ]) {
      assert.ok(run.stdout.includes(part), `${part} in:\n${run.stdout}`);
    }
  });

  it('pin and unpin change the stored flag, and show says pinned', async (t) => {
    const home = await recallHome(t);
    const id = seed(home);
    const pin = await cli(['pin', String(id)], home.env);
    const shown = await cli(['show', String(id), '--json'], home.env);
    const pinned = queryDb<{ pinned: number }>(home.dataDir, 'SELECT pinned FROM observations');
    const unpin = await cli(['unpin', String(id)], home.env);
    const after = queryDb<{ pinned: number }>(home.dataDir, 'SELECT pinned FROM observations');
    assert.match(pin.stdout, new RegExp(`^#${id} pinned: shown first in every context`));
    assert.equal((JSON.parse(shown.stdout) as { pinned: boolean }).pinned, true);
    assert.match(unpin.stdout, new RegExp(`^#${id} unpinned`));
    assert.deepEqual([pinned, after], [[{ pinned: 1 }], [{ pinned: 0 }]]);
  });

  it('an unknown id or a summary id is an error that says what to do', async (t) => {
    const home = await recallHome(t);
    seed(home);
    const missing = await cli(['show', '999'], home.env);
    const summary = await cli(['pin', 'S12'], home.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no observation #999: "claude-mem search <words>" lists/);
    assert.equal(summary.code, 2);
    assert.match(summary.stderr, /"S12" is not an observation id: expected a number such as 12/);
  });

  it('edit saves what the editor changed through the worker', async (t) => {
    const home = await recallHome(t);
    const id = seed(home);
    const editor = editorScript(
      home,
      `text = text.replace('title: Token ttl is in seconds', 'title: Token ttl is seconds, not ms').replace('  - ttl is seconds\\n', '')`,
    );
    const run = await cli(['edit', String(id)], { ...home.env, EDITOR: editor });
    const rows = queryDb(home.dataDir, 'SELECT title, narrative, facts FROM observations');
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.match(run.stdout, new RegExp(`^#${id} saved: title, facts changed`));
    assert.deepEqual(rows, [
      {
        title: 'Token ttl is seconds, not ms',
        narrative: 'The ttl came in seconds.\nrefresh() used it as milliseconds.',
        facts: '["refresh() converts to ms"]',
      },
    ]);
  });

  it('edit without $EDITOR, or with a file it cannot read back, saves nothing and says why', async (t) => {
    const home = await recallHome(t);
    const id = seed(home);
    const env = { ...home.env, EDITOR: undefined, VISUAL: undefined };
    const noEditor = await cli(['edit', String(id)], env);
    const broken = editorScript(home, `text = text + '\\nthis is not a field\\n'`);
    const bad = await cli(['edit', String(id)], { ...home.env, EDITOR: broken });
    const rows = queryDb<{ title: string }>(home.dataDir, 'SELECT title FROM observations');
    assert.equal(noEditor.code, 1);
    assert.match(noEditor.stderr, /\$EDITOR \(or \$VISUAL\) is not set; set it .* EDITOR=nano/);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /could not read the edited file, line \d+: "this is not a field" is not a field/,
    );
    assert.deepEqual(rows, [{ title: 'Token ttl is in seconds' }]);
  });
});
