import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TeamStatus } from '../../domain/viewer-api.ts';
import { NO_ROUND_YET } from '../../team/index.ts';
import { formatMembers } from './team-members.ts';
import { formatTeamStatus } from './team-status.ts';

const STATUS: TeamStatus = {
  ...NO_ROUND_YET,
  configured: true,
  connected: true,
  url: 'postgres://alice@db/team',
  team: 'acme',
  role: 'alice',
  lastRoundAt: 0,
  stall: null,
  backlog: { queued: 0, refused: [] },
  projects: [],
};

test('a stalled sync says for how long, why and the remedy, never just "connected"', () => {
  const lines = formatTeamStatus({
    ...STATUS,
    lastError: 'waited 7500ms for a lock held by role mallory (pid 7)',
    stall: {
      seconds: 42,
      why: 'waited 7500ms for a lock held by role mallory (pid 7)',
      remedy: 'an admin can end it: SELECT pg_terminate_backend(7)',
    },
  });
  assert.equal(
    lines[1],
    'connection: sync stalled for 42 s: waited 7500ms for a lock held by role mallory (pid 7); last sync never',
  );
  assert.equal(lines[2], 'remedy: an admin can end it: SELECT pg_terminate_backend(7)');
  assert.equal(formatTeamStatus(STATUS)[1], 'connection: connected; last sync never');
});

test('team members: each role with its last push and pull, or never', () => {
  const now = Date.parse('2026-01-02T00:00:00Z');
  assert.deepEqual(
    formatMembers(
      'acme',
      [
        { role: 'alice', lastPushAt: now - 30_000, lastPullAt: now - 600_000 },
        { role: 'bob', lastPushAt: null, lastPullAt: null },
      ],
      now,
    ),
    [
      'team "acme": 2 members',
      '  alice: last push 2026-01-01T23:59:30.000Z (30 s ago), last pull 2026-01-01T23:50:00.000Z (10 min ago)',
      '  bob: last push never, last pull never',
    ],
  );
  assert.match(formatMembers('acme', [], now)[0] ?? '', /has no members/);
});
