// Vectors for the scale benches without running an embedder over every row (the hash embedder
// takes ~4 minutes for 1M texts): a pool of clustered random unit vectors stored through the vector
// index's own store(), under the id of the embedder the searcher queries with. A KNN scan costs
// the same whatever the vectors mean; clusters keep the binary codes from being uniform noise.
import { createVectorIndex, type PendingRow } from '../../src/search/index.ts';
import { stmt, type Db } from '../../src/store/index.ts';
import { random } from './synthetic.ts';

const POOL = 4096;
const BATCH = 5_000;

/** Unit vectors around a few centres (drawn once: generating 512 floats a row costs more than storing them). */
function pool(dimensions: number): Float32Array[] {
  const next = random(7);
  const gauss = (): number => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(6.2832 * next());
  const centres = Array.from({ length: 64 }, () =>
    Float32Array.from({ length: dimensions }, gauss),
  );
  return Array.from({ length: POOL }, (_, i) => {
    const vector = Float32Array.from(centres[i % centres.length]!, (x) => x + 0.7 * gauss());
    const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
    return vector.map((x) => x / norm);
  });
}

/**
 * Stores a vector of `dimensions` under `model` for every observation of `project` (the one the
 * bench searches: a project-filtered KNN reads only its own partition); returns how many.
 */
export function seedVectors(db: Db, model: string, dimensions: number, project: string): number {
  const vectors = pool(dimensions);
  const next = random(11);
  const index = createVectorIndex(db);
  const page = stmt(
    db,
    `SELECT id, project, updated_at, '' AS title, '' AS subtitle, '' AS narrative, '' AS facts,
       '' AS concepts FROM observations WHERE id > ? AND project = ? ORDER BY id LIMIT ${BATCH}`,
  );
  let stored = 0;
  for (let rows = page.all(0, project) as PendingRow[]; rows.length > 0;) {
    const items = rows.map((row) => ({ row, vector: vectors[Math.floor(next() * POOL)]! }));
    index.store(model, items, Date.now());
    stored += items.length;
    rows = page.all(rows.at(-1)!.id, project) as PendingRow[];
  }
  return stored;
}
