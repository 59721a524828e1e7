/**
 * What compression needs beyond 002: a retry time on events and turn ends (failed work is tried
 * again with backoff), one summary per turn, call duration in usage, and the turn lookups.
 */
export const compression = `
ALTER TABLE events ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE turns ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE usage ADD COLUMN duration_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX events_by_turn ON events (session_id, prompt_number, state);
CREATE INDEX turns_by_state ON turns (state, session_id, prompt_number);
CREATE UNIQUE INDEX summaries_one_per_turn ON summaries (session_id, prompt_number);
`;
