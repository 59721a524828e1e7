import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { clientConfig, saveTeamSecret, teamSecretFile } from './connection.ts';
import { splitPassword } from './team-url.ts';

test('a password in the URL is split off, decoded, and the URL kept without it', () => {
  assert.deepEqual(
    splitPassword('postgres://alice:p%40ss@db.example.com:5433/team?sslmode=require'),
    {
      url: 'postgres://alice@db.example.com:5433/team?sslmode=require',
      password: 'p@ss',
    },
  );
  assert.deepEqual(splitPassword('postgres://alice@db/team'), { url: 'postgres://alice@db/team' });
});

test('the saved secret (0600) is used for a URL without a password, and removed on disconnect', (t) => {
  const dir = tempDir(t);
  assert.equal(
    clientConfig('postgres://alice@db/team', dir).connectionString,
    'postgres://alice@db/team',
  );
  saveTeamSecret(dir, 'p@ss');
  assert.equal(statSync(teamSecretFile(dir)).mode & 0o777, 0o600);
  assert.equal(
    clientConfig('postgres://alice@db/team?sslmode=require', dir).connectionString,
    'postgres://alice:p%40ss@db/team?sslmode=require',
  );
  saveTeamSecret(dir, undefined);
  assert.equal(
    clientConfig('postgres://alice@db/team', dir).connectionString,
    'postgres://alice@db/team',
  );
});
