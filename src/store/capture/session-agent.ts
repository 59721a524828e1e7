import { AGENTS, isOneOf } from '../../domain/index.ts';
import { stmt, type Db } from '../statements.ts';

/**
 * Records which agent a session belongs to. Only known agent names are stored: the spool is
 * written by hooks, and a foreign value there must not become a filter value.
 */
export function setSessionAgent(db: Db, id: number, agent: string | undefined): void {
  if (!isOneOf(AGENTS, agent)) return;
  stmt(db, 'UPDATE sessions SET agent = ? WHERE id = ? AND agent <> ?').run(agent, id, agent);
}
