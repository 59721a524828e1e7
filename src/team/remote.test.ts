import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { normalizeRemote, remoteUrlOf, teamProjectOf } from './remote.ts';

test('the https, scp and ssh forms of one remote are one identity', () => {
  const forms = [
    'https://github.com/acme/widget.git',
    'https://alice:s3cret@GitHub.com/acme/widget',
    'git@github.com:acme/widget.git',
    'ssh://git@github.com:22/acme/widget.git',
    'git+ssh://github.com/acme/widget/',
  ];
  assert.deepEqual(
    forms.map((url) => normalizeRemote(url)),
    forms.map(() => 'github.com/acme/widget'),
  );
});

test('local folders and file URLs are no identity', () => {
  assert.equal(normalizeRemote('/srv/git/widget.git'), undefined);
  assert.equal(normalizeRemote('file:///srv/git/widget.git'), undefined);
  assert.equal(normalizeRemote('../widget'), undefined);
});

test('origin wins over other remotes; otherwise the first remote', () => {
  const config = `[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@h:up/w.git\n[remote "origin"]\n\turl = https://h/me/w.git\n`;
  assert.equal(remoteUrlOf(config), 'https://h/me/w.git');
  assert.equal(remoteUrlOf('[remote "fork"]\n url = git@h:f/w\n'), 'git@h:f/w');
  assert.equal(remoteUrlOf('[core]\n'), undefined);
});

test('two clones in differently named folders are one team project; .claude-mem.json id is the fallback', (t) => {
  const dir = tempDir(t);
  for (const [name, url] of [
    ['widget', 'https://host/acme/widget.git'],
    ['my-copy', 'git@host:acme/widget.git'],
  ] as const) {
    mkdirSync(join(dir, name, '.git'), { recursive: true });
    writeFileSync(join(dir, name, '.git', 'config'), `[remote "origin"]\n\turl = ${url}\n`);
  }
  assert.equal(teamProjectOf(join(dir, 'widget')), 'host/acme/widget');
  assert.equal(teamProjectOf(join(dir, 'my-copy')), 'host/acme/widget');
  mkdirSync(join(dir, 'plain'));
  assert.equal(teamProjectOf(join(dir, 'plain')), undefined);
  writeFileSync(join(dir, 'plain', '.claude-mem.json'), JSON.stringify({ id: 'acme-notes' }));
  assert.equal(teamProjectOf(join(dir, 'plain')), 'id:acme-notes');
});
