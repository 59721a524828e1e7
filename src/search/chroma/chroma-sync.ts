import { stmt, type Db } from '../../store/index.ts';
import { META, meta, setMeta } from '../vector-space.ts';
import type { ChromaConfig, ChromaPort } from './chroma-port.ts';

/**
 * What the Chroma collection holds, kept in the database: which observation's vector (at which
 * version) was written there. The difference to recall_vectors is the work to do, so an outbox
 * needs no separate queue: a vector stored while Chroma is down, an edit (a new version) and a
 * forget (a row gone from recall_vectors) all show up in it and survive restarts.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS chroma_synced (
  observation_id INTEGER PRIMARY KEY,
  source_updated_at INTEGER NOT NULL
)`;

const BATCH = 1000;

/** How far the collection is behind the database. */
export interface ChromaProgress {
  indexed: number;
  pending: number;
}

/** Keeps a Chroma collection equal to the vectors of one model in recall_vectors. */
export interface ChromaSync {
  /** Writes what is missing and deletes what is gone; throws when Chroma cannot be reached. */
  pass(model: string, onBatch?: (progress: ChromaProgress) => void): Promise<ChromaProgress>;
  progress(model: string): ChromaProgress;
  /** Whether the collection holds this model's vectors (not another model's, or none yet). */
  holds(model: string): boolean;
}

/** The collection and model the synced rows refer to; another one starts from scratch. */
const targetOf = (config: ChromaConfig, model: string): string =>
  JSON.stringify([config.url, config.tenant, config.database, config.collection, model]);

interface VectorRow {
  observation_id: number;
  project: string;
  embedding: Buffer;
  source_updated_at: number;
}

const toVector = (blob: Buffer): Float32Array =>
  new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

function progress(db: Db, model: string): ChromaProgress {
  const row = stmt(
    db,
    `SELECT COUNT(*) AS total, COUNT(s.observation_id) AS indexed
     FROM recall_vectors v LEFT JOIN chroma_synced s
       ON s.observation_id = v.observation_id AND s.source_updated_at = v.source_updated_at
     WHERE v.model = ?`,
  ).get(model) as { total: number; indexed: number };
  return { indexed: row.indexed, pending: row.total - row.indexed };
}

async function deleteGone(db: Db, port: ChromaPort, model: string): Promise<void> {
  const gone = stmt(
    db,
    `SELECT s.observation_id FROM chroma_synced s
     LEFT JOIN recall_vectors v ON v.observation_id = s.observation_id AND v.model = ?
     WHERE v.observation_id IS NULL LIMIT ${BATCH}`,
  ).pluck();
  const forget = stmt(db, 'DELETE FROM chroma_synced WHERE observation_id = ?');
  for (let ids = gone.all(model) as number[]; ids.length > 0; ids = gone.all(model) as number[]) {
    await port.delete(ids);
    db.transaction(() => ids.forEach((id) => forget.run(id))).immediate();
  }
}

async function writeMissing(
  db: Db,
  port: ChromaPort,
  model: string,
  onBatch: ((progress: ChromaProgress) => void) | undefined,
): Promise<void> {
  const missing = stmt(
    db,
    `SELECT v.observation_id, v.project, v.embedding, v.source_updated_at
     FROM recall_vectors v LEFT JOIN chroma_synced s ON s.observation_id = v.observation_id
     WHERE v.model = ? AND (s.observation_id IS NULL OR s.source_updated_at <> v.source_updated_at)
     ORDER BY v.observation_id DESC LIMIT ${BATCH}`,
  );
  const mark = stmt(
    db,
    `INSERT INTO chroma_synced (observation_id, source_updated_at) VALUES (?, ?)
     ON CONFLICT DO UPDATE SET source_updated_at = excluded.source_updated_at`,
  );
  for (let rows = missing.all(model) as VectorRow[]; rows.length > 0;) {
    await port.upsert(
      rows.map((row) => ({
        id: row.observation_id,
        project: row.project,
        vector: toVector(row.embedding),
      })),
    );
    db.transaction(() =>
      rows.forEach((row) => mark.run(row.observation_id, row.source_updated_at)),
    ).immediate();
    onBatch?.(progress(db, model));
    rows = missing.all(model) as VectorRow[];
  }
}

/** The sync between recall_vectors (the source of truth) and the Chroma collection. */
export function createChromaSync(db: Db, port: ChromaPort, config: ChromaConfig): ChromaSync {
  db.exec(TABLES);
  return {
    async pass(model, onBatch) {
      const target = targetOf(config, model);
      if (meta(db, META.chromaTarget) !== target) {
        // Another collection or another model: the collection is emptied only when it really
        // holds another model's vectors (adopt); ours are then all written again.
        await port.adopt(model);
        db.exec('DELETE FROM chroma_synced');
        setMeta(db, META.chromaTarget, target);
      }
      await deleteGone(db, port, model);
      await writeMissing(db, port, model, onBatch);
      return progress(db, model);
    },
    progress: (model) => progress(db, model),
    holds: (model) => meta(db, META.chromaTarget) === targetOf(config, model),
  };
}
