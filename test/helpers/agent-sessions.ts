import { setSessionAgent, type Db } from '../../src/store/index.ts';
import { seedObservation, seedSession } from './seed-memory.ts';

/**
 * Two observations for an agent filter to tell apart: one titled `theirs` in a session of
 * `agent`, one titled `claudes` in a session left as Claude Code's. Returns their ids, in that
 * order.
 */
export function seedAgentPair(
  db: Db,
  agent: string,
  theirs: string,
  claudes: string,
): [theirs: number, claudes: number] {
  const session = seedSession(db, 'c1');
  setSessionAgent(db, session, agent);
  return [
    seedObservation(db, { title: theirs, sessionRowId: session }),
    seedObservation(db, { title: claudes, sessionRowId: seedSession(db, 'k1') }),
  ];
}
