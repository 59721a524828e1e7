import type { ToolEventInput } from '../../src/store/index.ts';
import type { Db } from '../../src/store/statements.ts';

/** An observation to insert directly (as compression would), every field but the title optional. */
export interface SeedObservation {
  title: string;
  project?: string;
  sessionRowId?: number | null;
  type?: string;
  subtitle?: string;
  narrative?: string;
  facts?: string[];
  concepts?: string[];
  filesRead?: string[];
  filesModified?: string[];
  pinned?: boolean;
  createdAt?: number;
  promptNumber?: number;
}

let seq = 0;

/** Inserts a session row; returns its row id. */
export function seedSession(
  db: Db,
  sessionId: string,
  project = 'alpha',
  options: { root?: string; at?: number } = {},
): number {
  const at = options.at ?? 1_700_000_000_000;
  const root = options.root ?? `/work/${project}`;
  return Number(
    db
      .prepare(
        `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(sessionId, project, root, root, at, at).lastInsertRowid,
  );
}

/** Inserts one observation; returns its id. */
export function seedObservation(db: Db, o: SeedObservation): number {
  seq += 1;
  const at = o.createdAt ?? 1_700_000_000_000 + seq * 1000;
  return Number(
    db
      .prepare(
        `INSERT INTO observations (session_id, project, prompt_number, type, title, subtitle,
           narrative, facts, concepts, files_read, files_modified, content_hash, pinned,
           created_at, updated_at)
         VALUES (@session, @project, @prompt, @type, @title, @subtitle, @narrative, @facts,
           @concepts, @filesRead, @filesModified, @hash, @pinned, @at, @at)`,
      )
      .run({
        session: o.sessionRowId ?? null,
        project: o.project ?? 'alpha',
        prompt: o.promptNumber ?? 1,
        type: o.type ?? 'discovery',
        title: o.title,
        subtitle: o.subtitle ?? '',
        narrative: o.narrative ?? '',
        facts: JSON.stringify(o.facts ?? []),
        concepts: JSON.stringify(o.concepts ?? []),
        filesRead: JSON.stringify(o.filesRead ?? []),
        filesModified: JSON.stringify(o.filesModified ?? []),
        hash: `seed-${process.pid}-${seq}`,
        pinned: o.pinned ? 1 : 0,
        at,
      }).lastInsertRowid,
  );
}

/** A turn summary to insert. */
export interface SeedSummary {
  sessionRowId: number;
  project?: string;
  request?: string;
  completed?: string;
  nextSteps?: string;
  learned?: string;
  createdAt: number;
  promptNumber?: number;
}

/** Inserts one summary (a fresh prompt number unless given: one summary per turn); returns its id. */
export function seedSummary(db: Db, s: SeedSummary): number {
  seq += 1;
  return Number(
    db
      .prepare(
        `INSERT INTO summaries (session_id, project, prompt_number, request, completed,
           next_steps, learned, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.sessionRowId,
        s.project ?? 'alpha',
        s.promptNumber ?? seq,
        s.request ?? '',
        s.completed ?? '',
        s.nextSteps ?? '',
        s.learned ?? '',
        s.createdAt,
      ).lastInsertRowid,
  );
}

/**
 * Inserts a Stop (the session's response) at `at`, already summarized (`compressed`) so a
 * running compressor leaves it alone.
 */
export function seedTurn(db: Db, sessionRowId: number, at: number): void {
  seq += 1;
  db.prepare(
    `INSERT INTO turns (event_uid, session_id, prompt_number, last_assistant_message, state,
       created_at)
     VALUES (?, ?, 1, 'done', 'compressed', ?)`,
  ).run(`seed-turn-${process.pid}-${seq}`, sessionRowId, at);
}

/** Inserts a prompt at `at`. */
export function seedPrompt(
  db: Db,
  sessionRowId: number,
  text: string,
  at: number,
  project = 'alpha',
): number {
  seq += 1;
  return Number(
    db
      .prepare(
        `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
         VALUES (?, ?, ?, 1, ?, ?)`,
      )
      .run(`seed-prompt-${process.pid}-${seq}`, sessionRowId, project, text, at).lastInsertRowid,
  );
}

const TYPES = ['bugfix', 'feature', 'refactor', 'change', 'discovery', 'decision'];
const WORDS = (
  'spool worker hook sqlite migration parser token budget context index search vector ' +
  'embedding session prompt summary daemon port lock queue retry privacy redact timeline ' +
  'schema trigger reader writer quarantine watcher config project worktree cache'
).split(' ');

/**
 * Inserts `count` synthetic observations into one project in a single transaction, one a minute
 * back from `end`, with varied types, words and files. Returns the ids, oldest first.
 */
export function seedMany(
  db: Db,
  count: number,
  options: { project?: string; sessionRowId?: number | null; end?: number } = {},
): number[] {
  const end = options.end ?? 1_700_000_000_000;
  const pick = (n: number): string => WORDS[n % WORDS.length]!;
  return db.transaction(() =>
    Array.from({ length: count }, (_, i) =>
      seedObservation(db, {
        project: options.project ?? 'alpha',
        sessionRowId: options.sessionRowId ?? null,
        type: TYPES[i % TYPES.length],
        title: `${pick(i)} ${pick(i * 7 + 3)} change number ${i}`,
        subtitle: `about the ${pick(i * 3 + 1)}`,
        narrative: `Observation ${i} looked at the ${pick(i * 5 + 2)} and the ${pick(i * 11 + 4)}.`,
        facts: [`fact ${i} of ${pick(i * 13)}`],
        concepts: [pick(i * 17)],
        filesRead: [`src/${pick(i)}/${pick(i * 7 + 3)}.ts`],
        createdAt: end - (count - i) * 60_000,
      }),
    ),
  )();
}

/** The tool part of a stored event: a Read with `{}` input, no response, no error, no agent. */
export const READ_EVENT = {
  agentId: null,
  toolName: 'Read',
  toolInput: '{}',
  toolResponse: null,
  error: null,
  failed: false,
  durationMs: null,
} satisfies Partial<ToolEventInput>;
