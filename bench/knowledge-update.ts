// Does the newest memory win? Issue 34's knowledge-update set (bench/fixtures/knowledge-update.json:
// 60 chains of 2-4 memories of a coding project where one fact changes over time, each with a
// question about the current state, among 150 unrelated memories), stored in process in a temp
// database, then asked through the worker's own search and prompt-time recall (full text, no
// embedder). Three ways of storing:
//   none   no supersession marks (what the store did before): only the read side's newest-wins
//          step on results that state one subject, which needs no stored link
//   rules  each memory, as stored, runs the deterministic rules (supersedeByRules)
//   llm    rules plus a fake LLM: each memory is offered the related memories the worker would
//          offer (relatedMemories, at most 5) and the recorded answer names those of its own
//          chain (a replay of correct answers, not a model: it measures what the candidates let
//          an LLM reach, not a model's judgment)
// Per question: is the chain's newest memory the first search hit (raw ranking, and after the
// newest-wins step the search route applies), and is every superseded memory of the chain absent
// from the prompt-time recall block (and the newest in it)?
// Usage: node --import tsx bench/knowledge-update.ts [--misses: name the questions missed]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestWins, promptRecall, withSuccessors } from '../src/context/index.ts';
import { factsOf } from '../src/domain/index.ts';
import { createSearcher } from '../src/search/index.ts';
import {
  getObservations,
  insertObservation,
  markSuperseded,
  openDatabase,
  relatedMemories,
  supersedeByRules,
  type Db,
} from '../src/store/index.ts';
import { printTable } from './lib/stats.ts';

interface Chain {
  kind: string;
  subject: string;
  memories: string[];
  question: string;
}

const SET = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'knowledge-update.json'), 'utf8'),
) as { chains: Chain[]; distractors: string[] };
const PROJECT = 'shop';
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
type Mode = 'none' | 'rules' | 'llm';

/** The words an LLM request would share with a memory: its facts' subjects, else its longer words. */
function termsOf(title: string): string[] {
  const subjects = factsOf(title).flatMap((fact) =>
    fact.subject.slice(fact.subject.indexOf(':') + 1).split(/\s+/),
  );
  return subjects.length > 0 ? subjects : title.split(/\W+/).filter((word) => word.length >= 4);
}

function store(db: Db, mode: Mode): number[][] {
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 'bench', ?, '/shop', '/shop', 0, 0)`,
  ).run(PROJECT);
  let seq = 0;
  const insert = (title: string, at: number): number =>
    insertObservation(db, {
      sessionRowId: 1,
      project: PROJECT,
      promptNumber: 1,
      type: 'change',
      title,
      subtitle: '',
      narrative: '',
      facts: [],
      concepts: [],
      filesRead: [],
      filesModified: [],
      sourceEventIds: [],
      provider: 'bench',
      model: null,
      tokensIn: 0,
      tokensOut: 0,
      contentHash: `h${(seq += 1)}`,
      at,
    }).id;
  SET.distractors.forEach((title, i) => insert(title, START + (i % 90) * DAY + i));
  const ids: number[][] = SET.chains.map(() => []);
  for (let step = 0; step < 4; step += 1) {
    SET.chains.forEach((chain, c) => {
      const title = chain.memories[step];
      if (title === undefined) return;
      const at = START + step * 20 * DAY + c * 1000;
      const offered =
        mode === 'llm' ? relatedMemories(db, PROJECT, termsOf(title), 5).map((m) => m.id) : [];
      const id = insert(title, at);
      const own = new Set(ids[c]);
      for (const older of offered.filter((candidate) => own.has(candidate)))
        markSuperseded(db, { id: older, author: null }, { id, author: null }, at);
      if (mode !== 'none') supersedeByRules(db, id, at);
      ids[c]?.push(id);
    });
  }
  return ids;
}

interface Score {
  rawFirst: number;
  first: number;
  absent: number;
  newestShown: number;
}

async function measure(mode: Mode): Promise<Score> {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-ku-'));
  const db = openDatabase(join(dir, 'claude-mem.db'));
  try {
    const chains = store(db, mode);
    const searcher = createSearcher({ db, mode: 'fts' });
    const score: Score = { rawFirst: 0, first: 0, absent: 0, newestShown: 0 };
    for (const [c, chain] of SET.chains.entries()) {
      const ids = chains[c] ?? [];
      const newest = ids.at(-1);
      const older = new Set(ids.slice(0, -1));
      const found = await searcher.search({
        query: chain.question,
        filters: { project: PROJECT },
        limit: 10,
        offset: 0,
      });
      const hits = found.hits.map((hit) => hit.id);
      const records = getObservations(
        db,
        withSuccessors(db, found.hits).map((hit) => hit.id),
      );
      const ordered = newestWins(records).items.map((record) => record.id);
      const block = await promptRecall(db, searcher, {
        project: PROJECT,
        sessionId: `q${c}`,
        prompt: chain.question,
        maxItems: 3,
      });
      if (process.argv.includes('--misses') && mode !== 'none') {
        if (ordered[0] !== newest)
          console.log(
            `${mode} not first: ${chain.question} -> ${records.find((r) => r.id === ordered[0])?.title}`,
          );
        if (block.ids.some((id) => older.has(id)))
          console.log(`${mode} superseded shown: ${chain.question}`);
      }
      score.rawFirst += hits[0] === newest ? 1 : 0;
      score.first += ordered[0] === newest ? 1 : 0;
      score.absent += block.ids.some((id) => older.has(id)) ? 0 : 1;
      score.newestShown += newest !== undefined && block.ids.includes(newest) ? 1 : 0;
    }
    return score;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const n = SET.chains.length;
const share = (count: number): string => `${((100 * count) / n).toFixed(1)}%`;
const results = new Map<Mode, Score>();
for (const mode of ['none', 'rules', 'llm'] as const) results.set(mode, await measure(mode));
const base = results.get('none');
const ratio = (value: number, of: number | undefined): string =>
  of ? `${(value / of).toFixed(2)}x` : 'n/a';
console.log(
  `${n} chains (${SET.chains.reduce((sum, c) => sum + c.memories.length, 0)} memories), ${SET.distractors.length} unrelated memories`,
);
printTable(
  [
    'marks stored',
    'newest first (raw search)',
    'newest first (newest wins)',
    'superseded absent from recall',
    'newest in recall',
    'absent / none',
  ],
  [...results.entries()].map(([mode, s]) => [
    mode,
    share(s.rawFirst),
    share(s.first),
    share(s.absent),
    share(s.newestShown),
    ratio(s.absent, base?.absent),
  ]),
);
