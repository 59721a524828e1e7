import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { createSearcher } from '../search/index.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { promptRecall } from './prompt-recall.ts';

// Issue 32: prompt-time recall abstains when a prompt has nothing distinctive to say, and still
// brings the asked memory for a paraphrase. Fixtures in test/fixtures/recall: 114 ordinary coding
// prompts that need no memory (the generic-word list was calibrated on them), 112 more written
// afterwards in other words and never used to tune it (no-need-heldout.txt), 30 memories (16
// distinctive, 14 of everyday work whose words those prompts share) and 20 paraphrased questions.
// The first held-out set failed (31 of 112) and the rule was then fixed in a general way, so it
// is no longer untouched; a second one (no-need-heldout-2.txt) was written after that fix and
// measured once: 18 of 106 (17%, above the 10% target; bench/REPORT.md, issue 32). A third
// (no-need-heldout-3.txt) was written and committed before the rule was changed for the second
// set's misses (a short prompt's one plain word must be topical: relevance.ts), and measured once
// after: 9 of 112 (8.0%; 16 under the old rule). The second set is at 11 of 106 since.
const FIXTURES = join(import.meta.dirname, '../../test/fixtures/recall');

interface Fixture {
  memories: Array<{ title: string; narrative: string; files: string[] }>;
  paraphrases: Array<{ prompt: string; target: number }>;
}

const fixture = JSON.parse(readFileSync(join(FIXTURES, 'memories.json'), 'utf8')) as Fixture;
const prompts = (name: string): string[] =>
  readFileSync(join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
const noNeed = prompts('no-need-prompts.txt');
const heldOut = prompts('no-need-heldout.txt');
const heldOut2 = prompts('no-need-heldout-2.txt');
const heldOut3 = prompts('no-need-heldout-3.txt');

/**
 * Hits on the paraphrase set before issue 32's relevance test (the same fixture, measured on the
 * previous commit): the new test must bring the asked memory at least as often.
 */
const PARAPHRASE_HITS_BEFORE = 20;

/** The fixture's memories among 300 rows of routine work, as a project's memory looks. */
function seeded(t: TestContext): { db: Db; ids: number[] } {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const ids = db.transaction(() => {
    for (let i = 0; i < 300; i += 1) {
      seedObservation(db, {
        title: `Routine upkeep of module ${i % 40}`,
        narrative: `Small maintenance change number ${i} in the service module`,
      });
    }
    return fixture.memories.map((m) =>
      seedObservation(db, { title: m.title, narrative: m.narrative, filesModified: m.files }),
    );
  })();
  return { db, ids };
}

let session = 0;
const recall = (db: Db, prompt: string) => {
  session += 1;
  return promptRecall(db, createSearcher({ db, mode: 'fts' }), {
    project: 'alpha',
    sessionId: `asking-${session}`,
    prompt,
    maxItems: 3,
  });
};

/** The prompts of `set` that drew an injection. */
async function spokeFor(db: Db, set: readonly string[]): Promise<string[]> {
  const spoke: string[] = [];
  for (const prompt of set) if ((await recall(db, prompt)).ids.length > 0) spoke.push(prompt);
  return spoke;
}

test('at least 100 ordinary prompts, and recall injects nothing for at least 90% of them', async (t) => {
  const { db } = seeded(t);
  assert.ok(noNeed.length >= 100);
  const spoke = await spokeFor(db, noNeed);
  console.log(`no-need prompts with an injection: ${spoke.length} of ${noNeed.length}`, spoke);
  assert.ok(spoke.length <= noNeed.length * 0.1, spoke.join('\n'));
});

test('held out: 100 other ordinary prompts (the rule fixed once after they failed) draw nothing for 90%', async (t) => {
  const { db } = seeded(t);
  assert.ok(heldOut.length >= 100);
  assert.ok(heldOut.every((prompt) => !noNeed.includes(prompt)));
  const spoke = await spokeFor(db, heldOut);
  console.log(
    `held-out no-need prompts with an injection: ${spoke.length} of ${heldOut.length}`,
    spoke,
  );
  assert.ok(spoke.length <= heldOut.length * 0.1, spoke.join('\n'));
});

/**
 * The second held-out set's figure: 18 when first measured, 11 once the rule was fixed with its
 * misses in view (so no longer held out). It must not grow.
 */
const HELD_OUT_2_SPOKE = 11;
/** The third held-out set's figure, measured once after that fix and never tuned on. */
const HELD_OUT_3_SPOKE = 9;

test('second held-out set: no more prompts draw an injection than when it was first measured', async (t) => {
  const { db } = seeded(t);
  assert.ok(heldOut2.length >= 100);
  assert.ok(heldOut2.every((prompt) => !noNeed.includes(prompt) && !heldOut.includes(prompt)));
  const spoke = await spokeFor(db, heldOut2);
  console.log(`second held-out set with an injection: ${spoke.length} of ${heldOut2.length}`);
  assert.ok(spoke.length <= HELD_OUT_2_SPOKE, spoke.join('\n'));
});

test('third held-out set: no more prompts draw an injection than when it was first measured', async (t) => {
  const { db } = seeded(t);
  assert.ok(heldOut3.length >= 100);
  const earlier = new Set([...noNeed, ...heldOut, ...heldOut2]);
  assert.ok(heldOut3.every((prompt) => !earlier.has(prompt)));
  const spoke = await spokeFor(db, heldOut3);
  console.log(`third held-out set with an injection: ${spoke.length} of ${heldOut3.length}`);
  assert.ok(spoke.length <= HELD_OUT_3_SPOKE, spoke.join('\n'));
});

test('paraphrased questions still bring the asked memory, at least as often as before', async (t) => {
  const { db, ids } = seeded(t);
  let hits = 0;
  for (const q of fixture.paraphrases) {
    if ((await recall(db, q.prompt)).ids.includes(ids[q.target]!)) hits += 1;
  }
  console.log(`paraphrase hits: ${hits} of ${fixture.paraphrases.length}`);
  assert.ok(hits >= PARAPHRASE_HITS_BEFORE);
});
