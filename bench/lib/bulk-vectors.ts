// Vectors for the scale benches without running an embedder over every row (the hash embedder
// takes ~4 minutes for 1M texts): clustered random unit vectors stored through the vector
// index's own store(), under the id of the embedder the searcher queries with. A KNN scan costs
// the same whatever the vectors mean; clusters keep the binary codes from being uniform noise.
import { createVectorIndex, type PendingRow } from '../../src/search/index.ts';
import { stmt, type Db } from '../../src/store/index.ts';
import { random } from './synthetic.ts';

const CLUSTERS = 256;
const BATCH = 5_000;

/** Stores a vector of `dimensions` for every observation of `db` under `model`; returns how many. */
export function seedVectors(db: Db, model: string, dimensions: number): number {
  const next = random(7);
  const gauss = (): number => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(6.2832 * next());
  const centres = Array.from({ length: CLUSTERS }, () =>
    Float32Array.from({ length: dimensions }, gauss),
  );
  const index = createVectorIndex(db);
  const page = stmt(
    db,
    `SELECT id, project, updated_at, '' AS title, '' AS subtitle, '' AS narrative, '' AS facts,
       '' AS concepts FROM observations WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
  );
  let stored = 0;
  for (let rows = page.all(0) as PendingRow[]; rows.length > 0;) {
    const items = rows.map((row) => {
      const centre = centres[Math.floor(next() * CLUSTERS)]!;
      const vector = Float32Array.from(centre, (x) => x + 0.7 * gauss());
      const norm = Math.hypot(...vector);
      return { row, vector: vector.map((x) => x / norm) };
    });
    index.store(model, items, Date.now());
    stored += items.length;
    rows = page.all(rows.at(-1)!.id) as PendingRow[];
  }
  return stored;
}
