import type { Db } from '../../src/store/statements.ts';
import { seedObservation, seedSession } from './seed-memory.ts';

/** The planted store's ids: which near-duplicates must merge, what must stay. */
export interface PlantedStore {
  /** Newest first: the first stays. */
  skew: number[];
  cache: number[];
  noise: number;
  apart: number[];
}

const DAY = 86_400_000;
const T0 = 1_750_000_000_000;

/**
 * Two groups of near-duplicates (three token-skew fixes, two cache notes), one noise row, and
 * look-alikes that must stay apart: another port, another file, another type, a pinned one, a
 * teammate's copy and a shared one. Each with its own words, so a search can tell them apart.
 */
export function plantStore(db: Db): PlantedStore {
  const session = seedSession(db, 'planted', 'alpha');
  const at = (day: number) => T0 + day * DAY;
  const add = (
    title: string,
    day: number,
    more: Parameters<typeof seedObservation>[1] | object = {},
  ) => seedObservation(db, { title, sessionRowId: session, createdAt: at(day), ...more });
  const file = { filesModified: ['src/auth/token.ts'], type: 'bugfix' };
  const skewOld = add('Fixed token refresh clock skew in auth', 1, {
    ...file,
    narrative: 'tokens expired early because of clock drift on kubernetes nodes',
    facts: ['SKEW_MS is 30000'],
  });
  const skewMid = add('Fixed the token refresh clock skew in auth', 2, {
    ...file,
    narrative: 'the refresh timer now subtracts the skew allowance',
    facts: ['refreshAt uses SKEW_MS'],
  });
  const skewNew = add('Fixed token refresh clock skew in auth module', 3, {
    ...file,
    narrative: 'verified with the flaky login test',
  });
  const cacheOld = add('Build cache lives in .turbo folder', 4, { narrative: 'zeppelin wording' });
  const cacheNew = add('Build cache lives in the .turbo folder', 5, { concepts: ['gotcha'] });
  const noise = add('Ran ls -la', 6);
  const apart = [
    add('Dev server listens on port 3000', 7),
    add('Dev server listens on port 4000', 8),
    add('Fixed token refresh clock skew in auth', 9, { ...file, filesModified: ['src/other.ts'] }),
    add('Fixed token refresh clock skew in auth', 10, { filesModified: ['src/auth/token.ts'] }),
    add('Fixed token refresh clock skew in auth', 11, { ...file, pinned: true }),
  ];
  apart.push(add("Committed: $(cat <<'EOF'", 12, { type: 'change' }));
  apart.push(add("Committed: $(cat <<'EOF'", 12.5, { type: 'change' }));
  const teammate = add('Build cache lives in the .turbo folder', 12);
  const shared = add('Build cache lives in .turbo folder', 13);
  db.prepare("UPDATE observations SET author = 'bob' WHERE id = ?").run(teammate);
  db.prepare("UPDATE observations SET scope = 'team' WHERE id = ?").run(shared);
  return {
    skew: [skewNew, skewMid, skewOld],
    cache: [cacheNew, cacheOld],
    noise,
    apart: [...apart, teammate, shared],
  };
}
