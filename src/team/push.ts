import {
  ackOutbox,
  failOutbox,
  pendingOutbox,
  recordPush,
  refuseOutbox,
  sharedRow,
  type Db,
  type OutboxEntry,
  type SharedRow,
} from '../store/index.ts';
import { refusalOf } from './privacy-check.ts';
import type { Queryable } from './watchdog.ts';

/** What a push did. */
export interface PushReport {
  pushed: number;
  deleted: number;
  refused: number;
  /** Entries left queued because their project has no team identity. */
  waiting: number;
}

/** What one push needs: the local store, a server connection, the team, and identities. */
export interface PushDeps {
  db: Db;
  client: Queryable;
  team: string;
  now: () => number;
  /** The team project of a local project, or undefined when it has none. */
  teamProjectOf: (project: string) => string | undefined;
}

interface Batch {
  upserts: Map<string, SharedRow & { teamProject: string }>;
  deletes: Set<string>;
  done: OutboxEntry[];
  waiting: number[];
  refused: number;
}

/** Reads a page of the outbox into the last operation per global id (upserts read the row now). */
function collect(deps: PushDeps, entries: readonly OutboxEntry[]): Batch {
  const batch: Batch = {
    upserts: new Map(),
    deletes: new Set(),
    done: [],
    waiting: [],
    refused: 0,
  };
  for (const entry of entries) {
    if (entry.op === 'delete') {
      batch.upserts.delete(entry.global_id);
      batch.deletes.add(entry.global_id);
      batch.done.push(entry);
      continue;
    }
    const row = sharedRow(deps.db, entry.kind, entry.item_id);
    const refusal = row && refusalOf(row);
    const teamProject = row && deps.teamProjectOf(row.project);
    if (refusal) {
      refuseOutbox(deps.db, entry.id, refusal);
      batch.refused += 1;
    } else if (row && !teamProject) {
      batch.waiting.push(entry.id);
    } else {
      // Gone, private again or a teammate's: nothing to send, and the entry is done.
      if (row && teamProject) {
        batch.deletes.delete(entry.global_id);
        batch.upserts.set(entry.global_id, { ...row, teamProject });
      }
      batch.done.push(entry);
    }
  }
  return batch;
}

/**
 * Sends a batch through the schema owner's function `claude_mem.push` (server-functions.ts), in
 * one transaction: it locks each team project touched before the sequence is read (rows of a
 * project commit in `seq` order, so a pull's cursor never passes a row still to commit), keeps
 * the higher version (a retried push changes nothing), writes `author = session_user` and
 * tombstones only this role's rows.
 */
async function send(deps: PushDeps, batch: Batch): Promise<void> {
  const { client, team } = deps;
  const rows = [...batch.upserts.values()].map((row) => ({
    global_id: row.global_id,
    project: row.teamProject,
    kind: row.kind,
    version: row.version,
    body: row.body,
    created_at: row.created_at,
  }));
  await client.query('BEGIN');
  try {
    await client.query('SELECT claude_mem.push($1, $2::jsonb, $3::uuid[])', [
      team,
      JSON.stringify(rows),
      [...batch.deletes],
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Pushes the outbox in queue order, a page at a time, until it is empty or only waiting or
 * refused entries remain. Entries leave the outbox only once the server committed them; a
 * failure leaves them queued with the error, for the next round.
 */
export async function pushOutbox(deps: PushDeps, pageSize = 500): Promise<PushReport> {
  const report: PushReport = { pushed: 0, deleted: 0, refused: 0, waiting: 0 };
  const skip = new Set<number>();
  for (;;) {
    const entries = pendingOutbox(deps.db, pageSize + skip.size).filter((e) => !skip.has(e.id));
    if (entries.length === 0) return report;
    const batch = collect(deps, entries.slice(0, pageSize));
    batch.waiting.forEach((id) => skip.add(id));
    report.waiting = skip.size;
    report.refused += batch.refused;
    if (batch.done.length === 0) {
      if (batch.refused === 0) return report;
      continue;
    }
    try {
      await send(deps, batch);
    } catch (error) {
      failOutbox(
        deps.db,
        batch.done.map((entry) => entry.id),
        String(error),
      );
      throw error;
    }
    ackOutbox(deps.db, batch.done);
    const at = deps.now();
    for (const project of new Set([...batch.upserts.values()].map((row) => row.project))) {
      recordPush(deps.db, project, at);
    }
    report.pushed += batch.upserts.size;
    report.deleted += batch.deletes.size;
  }
}
