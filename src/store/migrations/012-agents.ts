/**
 * The coding agent of each session and observation (`claude`, `codex`, `gemini`, `copilot`):
 * one project's memory holds what every agent did, and search, context, MCP and the viewer can
 * filter by agent. Existing rows were all made by Claude Code. An observation takes its
 * session's agent when it is stored (trigger), so no writer of observations has to know; the
 * trigger writes only when that is not the default, so Claude Code's rows cost no second write.
 * No index on agent: filtering by it is rare and runs within a project's rows, and an index led
 * by a column of four values would be skip-scanned in place of the project index.
 */
/** What `observations_agent` does, for every row whose id `inserted` (a subquery) lists at once. */
export const agentsOfInserted = (inserted: string): string => `
  UPDATE observations SET agent = (SELECT agent FROM sessions WHERE id = observations.session_id)
  WHERE id IN (${inserted}) AND session_id IS NOT NULL
    AND (SELECT agent FROM sessions WHERE id = observations.session_id) IS NOT agent`;

export const agents = `
ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude';
ALTER TABLE observations ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude';
CREATE TRIGGER observations_agent AFTER INSERT ON observations
WHEN new.session_id IS NOT NULL
  AND (SELECT agent FROM sessions WHERE id = new.session_id) IS NOT new.agent BEGIN
  UPDATE observations SET agent = (SELECT agent FROM sessions WHERE id = new.session_id)
  WHERE id = new.id;
END;
`;
