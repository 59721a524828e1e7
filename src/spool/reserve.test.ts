import assert from 'node:assert/strict';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { toolEvent } from '../../test/helpers/spool-events.ts';
import { parseSpoolEvent } from './event.ts';
import { fitEvent } from './fit-event.ts';
import { readSpoolBatch } from './reader.ts';
import { RESERVE_SLOTS, RESERVE_SLOT_BYTES, keepInReserve, reserveDir } from './reserve.ts';
import { tendReserve } from './reserve-keeper.ts';

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

test('the worker makes the reserve: RESERVE_SLOTS free slots of RESERVE_SLOT_BYTES each', (t) => {
  const dir = dataDir(t);
  const state = tendReserve(dir);
  assert.deepEqual(state, { moved: 0, free: RESERVE_SLOTS, refillError: undefined });
  const sizes = readdirSync(reserveDir(dir)).map(
    (n) => readFileSync(join(reserveDir(dir), n)).length,
  );
  assert.deepEqual(sizes, Array(RESERVE_SLOTS).fill(RESERVE_SLOT_BYTES));
});

test('an event kept in the reserve reaches the spool whole and is read like any spooled one', (t) => {
  const dir = dataDir(t);
  tendReserve(dir);
  const event = toolEvent();
  assert.ok(keepInReserve(dir, event));
  assert.equal(tendReserve(dir).moved, 1);
  assert.deepEqual(
    readSpoolBatch(dir, 10).entries.map((entry) => entry.event),
    [event],
  );
  assert.equal(tendReserve(dir).free, RESERVE_SLOTS);
});

test('with every slot used, keepInReserve answers undefined', (t) => {
  const dir = dataDir(t);
  tendReserve(dir);
  const kept = Array.from({ length: RESERVE_SLOTS + 1 }, () => keepInReserve(dir, toolEvent()));
  assert.equal(kept.filter(Boolean).length, RESERVE_SLOTS);
  assert.equal(kept.at(-1), undefined);
});

test('an event longer than a slot is kept with its long fields cut and marked', () => {
  const event = toolEvent({
    response: 'x'.repeat(100_000),
    input: { content: 'y'.repeat(50_000) },
  });
  const text = fitEvent(event, RESERVE_SLOT_BYTES);
  assert.ok(text !== undefined && Buffer.byteLength(text) <= RESERVE_SLOT_BYTES);
  const parsed = parseSpoolEvent(text);
  assert.ok(parsed.ok);
  assert.equal(parsed.event.id, event.id);
  assert.match(JSON.stringify(parsed.event), /\[cut to fit the disk-full reserve\] x+/);
});

test('a slot a killed hook left: kept when whole, dropped when cut short', (t) => {
  const dir = dataDir(t);
  const old = new Date(Date.now() - 120_000);
  const whole = join(reserveDir(dir), 'taken-whole');
  const cut = join(reserveDir(dir), 'taken-cut');
  tendReserve(dir);
  writeFileSync(whole, JSON.stringify(toolEvent()).padEnd(RESERVE_SLOT_BYTES));
  writeFileSync(cut, '{"v":1,"id":"cu'.padEnd(RESERVE_SLOT_BYTES));
  utimesSync(whole, old, old);
  utimesSync(cut, old, old);
  assert.equal(tendReserve(dir).moved, 1);
  assert.equal(readSpoolBatch(dir, 10).entries.length, 1);
  assert.deepEqual(
    readdirSync(reserveDir(dir)).filter((n) => n.startsWith('taken-')),
    [],
  );
});
