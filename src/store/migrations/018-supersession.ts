/**
 * Memory that stays true (issue 34). `superseded_by` names the newer observation that states
 * something different about the same subject, `superseded_at` when that was found;
 * `superseded_local` is 1 when the older is a teammate's and the newer is not by its author, so
 * the mark is this machine's opinion only (a teammate's memory is superseded only by its author).
 * `known` says how an observation is known: `hypothesis` (stated, not checked) or `verified`
 * (a passing test run or command after it, a commit that holds it, the user's confirmation);
 * `known_by` says which. Rows stored before this migration stay NULL: unknown, shown as before.
 * The columns are not among the team trigger's edited ones, so marking never queues a push.
 * When the newer one is deleted (forget, retention), the older stands again: a trigger, not a
 * foreign key, whose child lookup would want a full index on a column that is mostly NULL.
 */
export const supersession = `
ALTER TABLE observations ADD COLUMN superseded_by INTEGER;
ALTER TABLE observations ADD COLUMN superseded_at INTEGER;
ALTER TABLE observations ADD COLUMN superseded_local INTEGER NOT NULL DEFAULT 0;
ALTER TABLE observations ADD COLUMN known TEXT CHECK (known IN ('hypothesis', 'verified'));
ALTER TABLE observations ADD COLUMN known_by TEXT;
CREATE INDEX observations_superseded ON observations (superseded_by) WHERE superseded_by IS NOT NULL;
CREATE TRIGGER observations_supersede_gone AFTER DELETE ON observations BEGIN
  UPDATE observations SET superseded_by = NULL, superseded_at = NULL, superseded_local = 0
    WHERE superseded_by = old.id;
END;
`;
