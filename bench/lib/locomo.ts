import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchMode } from '../../src/domain/index.ts';
import type { Db } from '../../src/store/index.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import type { RecallStack } from './recall-stack.ts';

/**
 * ../shared/eval-data/locomo (see its SOURCE.md: CC BY-NC 4.0, Maharana et al., ACL 2024): not in
 * the repository (its licence is non-commercial). fixtures/locomo-format holds a small
 * conversation of our own in the same format, which the test of this benchmark uses.
 */
export const LOCOMO_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'eval-data',
  'locomo',
  'locomo10.json',
);

/** Whether a LoCoMo file is there; says on stderr what is missing when it is not. */
export function locomoPresent(file: string): boolean {
  if (existsSync(file)) return true;
  process.stderr.write(
    `bench: LoCoMo is absent (${file}): the LoCoMo part is left out; pass --locomo FILE (fixtures/locomo-format/conv-mini.json has the format)\n`,
  );
  return false;
}

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface Conversation {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: Array<{ question: string; evidence?: string[]; category: number }>;
}

/** One question whose evidence turns are all known. */
export interface Question {
  conversation: string;
  category: number;
  question: string;
  evidence: number[];
}

/** What storing a conversation gave: its questions, and those left out (unknown evidence). */
export interface Loaded {
  questions: Question[];
  skipped: number;
  memories: number;
}

/** `D8:6; D9:17`, `D:11:26` -> `D8:6`, `D9:17`, `D11:26` (the data set's few typos). */
function evidenceIds(raw: readonly string[]): string[] {
  return raw
    .flatMap((item) => item.split(/[;,\s]+/))
    .map((id) => id.replace(/^D:/, 'D'))
    .filter((id) => /^D\d+:\d+$/.test(id));
}

function sessions(conversation: Record<string, unknown>): Array<{ date: string; turns: Turn[] }> {
  return Object.keys(conversation)
    .filter((key) => /^session_\d+$/.test(key))
    .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)))
    .map((key) => ({
      date: String(conversation[`${key}_date_time`] ?? ''),
      turns: conversation[key] as Turn[],
    }));
}

/**
 * Stores every dialog turn (of the first `maxSessions` sessions) as a memory, one project per
 * conversation; returns dia_id -> observation id.
 */
function storeTurns(db: Db, c: Conversation, maxSessions: number): Map<string, number> {
  const ids = new Map<string, number>();
  let at = Date.UTC(2023, 0, 1);
  db.transaction(() => {
    for (const session of sessions(c.conversation).slice(0, maxSessions)) {
      for (const turn of session.turns) {
        at += 60_000;
        const caption = turn.blip_caption ? ` [shares a photo: ${turn.blip_caption}]` : '';
        const id = seedObservation(db, {
          project: c.sample_id,
          type: 'discovery',
          title: `${turn.speaker}: ${turn.text}`.slice(0, 200),
          subtitle: `${turn.speaker}, ${session.date}`,
          narrative: `${turn.text}${caption}`,
          createdAt: at,
        });
        ids.set(turn.dia_id, id);
      }
    }
  })();
  return ids;
}

/** Which part of LoCoMo to load. */
export interface LocomoSlice {
  /** Conversation ids (`conv-30`); empty: the first `first` (all when undefined). */
  only: readonly string[];
  first?: number | undefined;
  /** Only the first N sessions of each conversation, and the questions they answer. */
  maxSessions?: number | undefined;
}

/**
 * Reads LoCoMo and stores the chosen slice. A question is skipped (and counted) when its
 * evidence is empty or names a turn not stored (the data set's typos, or a session cut off).
 */
export function loadLocomo(db: Db, slice: LocomoSlice, file = LOCOMO_FILE): Loaded {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Conversation[];
  const chosen =
    slice.only.length > 0
      ? all.filter((c) => slice.only.includes(c.sample_id))
      : all.slice(0, slice.first);
  const loaded: Loaded = { questions: [], skipped: 0, memories: 0 };
  for (const c of chosen) {
    const ids = storeTurns(db, c, slice.maxSessions ?? Infinity);
    loaded.memories += ids.size;
    for (const qa of c.qa.filter((q) => q.category >= 1 && q.category <= 4 && q.evidence?.length)) {
      const evidence = evidenceIds(qa.evidence ?? []).map((id) => ids.get(id));
      if (evidence.length === 0 || evidence.some((id) => id === undefined)) loaded.skipped += 1;
      else
        loaded.questions.push({
          conversation: c.sample_id,
          category: qa.category,
          question: qa.question,
          evidence: evidence as number[],
        });
    }
  }
  return loaded;
}

/**
 * recall@k (recall_all): share of questions whose evidence turns are all in the top k;
 * recall_any@k: share with at least one of them there.
 */
export interface RecallScores {
  at5: number;
  at10: number;
  any5: number;
  any10: number;
  /** Share of evidence turns found in the top 10, averaged over questions (partial credit). */
  partial10: number;
  n: number;
}

/** What one question got: evidence all in the top 5, all in the top 10, share found in 10. */
interface Outcome {
  category: number;
  at5: boolean;
  at10: boolean;
  any5: boolean;
  any10: boolean;
  partial10: number;
}

function aggregate(outcomes: readonly Outcome[]): RecallScores {
  const n = outcomes.length;
  const sum = (f: (o: Outcome) => number): number => outcomes.reduce((t, o) => t + f(o), 0) / n;
  return {
    at5: sum((o) => +o.at5),
    at10: sum((o) => +o.at10),
    any5: sum((o) => +o.any5),
    any10: sum((o) => +o.any10),
    partial10: sum((o) => o.partial10),
    n,
  };
}

/**
 * Asks every question in `mode` (project = its conversation); scores recall@5 and @10 overall
 * and per category (1-4).
 */
export async function scoreLocomo(
  stack: RecallStack,
  questions: readonly Question[],
  mode: SearchMode,
): Promise<{ all: RecallScores; byCategory: Record<number, RecallScores> }> {
  const outcomes: Outcome[] = [];
  for (const q of questions) {
    const result = await stack.searcher.search({
      query: q.question,
      filters: { project: q.conversation },
      limit: 10,
      offset: 0,
      mode,
    });
    const ids = result.hits.map((hit) => hit.id);
    const found = (k: number) => q.evidence.every((id) => ids.slice(0, k).includes(id));
    const some = (k: number) => q.evidence.some((id) => ids.slice(0, k).includes(id));
    const partial10 = q.evidence.filter((id) => ids.includes(id)).length / q.evidence.length;
    outcomes.push({
      category: q.category,
      at5: found(5),
      at10: found(10),
      any5: some(5),
      any10: some(10),
      partial10,
    });
  }
  const byCategory = Object.fromEntries(
    [1, 2, 3, 4].map((c) => [c, aggregate(outcomes.filter((o) => o.category === c))]),
  );
  return { all: aggregate(outcomes), byCategory };
}
