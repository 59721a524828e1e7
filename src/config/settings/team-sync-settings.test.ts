import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEAM_SYNC_SETTINGS } from './team-sync-settings.ts';

const url = TEAM_SYNC_SETTINGS['team.url'];

test('team.url takes a postgres URL without a password, or nothing', () => {
  for (const ok of [
    '',
    'postgres://alice@db.example.com/team',
    'postgresql://db.example.com:5433/team?sslmode=verify-full',
  ]) {
    assert.deepEqual(url.check(ok), { ok: true, value: ok });
  }
  for (const bad of [
    'postgres://alice:s3cret@db/team',
    'postgres://alice@db/team?sslmode=require&password=s3cret',
    'mysql://db/team',
    'db.example.com',
  ]) {
    assert.equal(url.check(bad).ok, false, bad);
  }
});

test('team.name is what a role name can carry', () => {
  const name = TEAM_SYNC_SETTINGS['team.name'];
  assert.equal(name.check('acme_2').ok, true);
  assert.equal(name.check('Acme Corp').ok, false);
});
