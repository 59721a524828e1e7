import type { Db } from '../../src/store/index.ts';
import { seedObservation, type SeedObservation } from './seed-memory.ts';

/** An observation a teammate (`author`) shared, as a pull stores it: authored and team scoped. */
export function seedTeammateObservation(db: Db, o: SeedObservation, author = 'alice'): number {
  const id = seedObservation(db, o);
  db.prepare(`UPDATE observations SET author = ?, scope = 'team' WHERE id = ?`).run(author, id);
  return id;
}
