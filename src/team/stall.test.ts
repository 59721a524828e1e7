import assert from 'node:assert/strict';
import { test } from 'node:test';
import { remedyOf, stallOf } from './stall.ts';

const LOCK =
  'waited 1s for a lock held by role mallory (pid 4242, idle in transaction, transaction open 9 s)';

test('failing rounds are a stall since the first failure, with the why and a remedy', () => {
  const stall = stallOf({ failingSince: 1_000, lastError: LOCK, inFlight: null }, 13_400, 15_000);
  assert.deepEqual(stall, {
    seconds: 12,
    why: LOCK,
    remedy:
      'the session holding the lock must end its transaction; an admin can end it: SELECT pg_terminate_backend(4242); sync retries every round',
  });
});

test('a step in flight past the bound is a stall before the round is abandoned; under it, none', () => {
  const inFlight = { step: 'pull', since: 0 };
  assert.equal(stallOf({ failingSince: null, lastError: null, inFlight }, 10_000, 15_000), null);
  assert.match(
    stallOf({ failingSince: null, lastError: null, inFlight }, 20_000, 15_000)?.why ?? '',
    /no answer from the server yet \(pull\)/,
  );
});

test('each known failure names its remedy', () => {
  assert.match(
    remedyOf('you are no longer a member of team "acme" (role bob)'),
    /team add-member <your role> .* --team acme/,
  );
  assert.match(
    remedyOf('function claude_mem.pull(unknown, unknown, integer, integer) does not exist'),
    /team init <admin-url>/,
  );
  assert.match(remedyOf('password authentication failed for user "alice"'), /team connect/);
  assert.match(remedyOf('connect ECONNREFUSED 127.0.0.1:5432'), /network, VPN/);
  assert.match(remedyOf('something else'), /worker log/);
});
