/**
 * Server migration 2 (issue 30): members read and write only through functions the schema owner
 * defines. Before it, members held SELECT, INSERT and UPDATE on `claude_mem.memories` through
 * their team's group role, checked by row-level security on `current_user`; a member could
 * `SET ROLE` to the group role and post as the team, and the UPDATE grant let any member take
 * `LOCK TABLE ... IN ACCESS EXCLUSIVE MODE` and stall every team.
 *
 * After it:
 * - no member (nor the group roles, nor PUBLIC) holds a privilege on any table or sequence of the
 *   schema but SELECT on `claude_mem.teams`, whose rows are filtered by `session_user`'s
 *   memberships (a SELECT grant allows only ACCESS SHARE locks, which block no reader or writer);
 * - `claude_mem.push` and `claude_mem.pull` are SECURITY DEFINER: they run as the owner, check that
 *   `session_user` (the login role, which `SET ROLE` does not change) is a member, and write
 *   `author = session_user`; only the author's own rows are updated or tombstoned;
 * - the primary key is (team, global_id), so a member cannot learn from a push whether another
 *   team holds a row id;
 * - a push serializes per team project on a row of `claude_mem.project_heads` (no member can lock
 *   it: no advisory lock a member could hold), waiting at most the session's `lock_timeout`, and a
 *   lock wait that times out names who holds the lock;
 * - `claude_mem.member_activity` records each member's last push and pull for `team members`.
 */
export const MEMBER_FUNCTIONS_SQL = `
DROP POLICY IF EXISTS members_read ON claude_mem.memories;
DROP POLICY IF EXISTS authors_insert ON claude_mem.memories;
DROP POLICY IF EXISTS authors_update ON claude_mem.memories;
DROP FUNCTION IF EXISTS claude_mem.my_teams();
ALTER TABLE claude_mem.memories DROP CONSTRAINT memories_pkey;
ALTER TABLE claude_mem.memories ADD PRIMARY KEY (team, global_id);
ALTER TABLE claude_mem.memories ALTER COLUMN author DROP DEFAULT;

CREATE TABLE claude_mem.project_heads (
  team text NOT NULL, project text NOT NULL, PRIMARY KEY (team, project));
CREATE TABLE claude_mem.member_activity (
  team text NOT NULL, role name NOT NULL,
  last_push_at timestamptz, last_pull_at timestamptz, PRIMARY KEY (team, role));
ALTER TABLE claude_mem.project_heads ENABLE ROW LEVEL SECURITY;
ALTER TABLE claude_mem.member_activity ENABLE ROW LEVEL SECURITY;

-- Every privilege anyone but the owner holds on the schema's tables and sequences goes.
DO $$
DECLARE grantee oid;
BEGIN
  FOR grantee IN
    SELECT DISTINCT a.grantee FROM pg_class c, aclexplode(c.relacl) a
    WHERE c.relnamespace = 'claude_mem'::regnamespace AND a.grantee <> c.relowner
  LOOP
    IF grantee = 0 THEN
      EXECUTE 'REVOKE ALL ON ALL TABLES IN SCHEMA claude_mem FROM PUBLIC';
      EXECUTE 'REVOKE ALL ON ALL SEQUENCES IN SCHEMA claude_mem FROM PUBLIC';
    ELSE
      EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA claude_mem FROM %I', grantee::regrole);
      EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA claude_mem FROM %I', grantee::regrole);
    END IF;
  END LOOP;
END $$;

CREATE FUNCTION claude_mem.is_member(p_role name) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM pg_roles r
    WHERE r.rolname = p_role AND pg_has_role(session_user, r.oid, 'MEMBER'))
$$;

ALTER TABLE claude_mem.teams ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_teams ON claude_mem.teams FOR SELECT USING (claude_mem.is_member(role));
GRANT USAGE ON SCHEMA claude_mem TO PUBLIC;
GRANT SELECT ON claude_mem.teams TO PUBLIC;

-- Who holds a lock this backend may wait on: a strong lock on a table of the schema, or (for a
-- team project's head) any session in a transaction on project_heads: a row lock taken inside a
-- function's exception block belongs to a subtransaction, which pg_locks does not list.
-- Read as the owner, so every backend is described.
CREATE FUNCTION claude_mem.lock_holders(p_team text, p_project text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  -- state and xact_start are hidden from an owner without pg_read_all_stats: left out then.
  SELECT coalesce(string_agg(DISTINCT format('role %s (%s)', a.usename, concat_ws(', ',
      'pid ' || a.pid, a.state,
      'transaction open ' || extract(epoch FROM now() - a.xact_start)::bigint || ' s')), '; '),
    'another session')
  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.granted AND l.pid <> pg_backend_pid() AND l.locktype = 'relation' AND (
    (l.relation IN (SELECT oid FROM pg_class WHERE relnamespace = 'claude_mem'::regnamespace)
      AND l.mode NOT IN ('AccessShareLock', 'RowShareLock', 'RowExclusiveLock'))
    OR (p_project IS NOT NULL AND l.relation = 'claude_mem.project_heads'::regclass))
$$;

-- Raised with its own SQLSTATE (CMLCK), so an outer handler of lock_not_available lets it pass.
CREATE FUNCTION claude_mem.lock_wait_failed(p_team text, p_project text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'waited % for a lock held by %', current_setting('lock_timeout'),
    claude_mem.lock_holders(p_team, p_project)
    USING ERRCODE = 'CMLCK',
      HINT = 'the holder''s transaction must end: an admin can run SELECT pg_terminate_backend(<pid>)';
END $$;

CREATE FUNCTION claude_mem.check_member(p_team text) RETURNS name
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM claude_mem.teams t WHERE t.name = p_team AND claude_mem.is_member(t.role)) THEN
    RETURN session_user;
  END IF;
  IF EXISTS (SELECT 1 FROM claude_mem.member_activity a WHERE a.team = p_team AND a.role = session_user) THEN
    RAISE EXCEPTION 'you are no longer a member of team "%" (role %)', p_team, session_user
      USING ERRCODE = 'insufficient_privilege',
        HINT = format('ask an admin to run: claude-mem team add-member %s --url <admin-url> --team %s', session_user, p_team);
  END IF;
  RAISE EXCEPTION 'role % is not a member of team "%"', session_user, p_team
    USING ERRCODE = 'insufficient_privilege',
      HINT = format('ask an admin to run: claude-mem team add-member %s --url <admin-url> --team %s', session_user, p_team);
END $$;

CREATE FUNCTION claude_mem.lock_project(p_team text, p_project text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  INSERT INTO claude_mem.project_heads (team, project) VALUES (p_team, p_project)
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM claude_mem.project_heads h WHERE h.team = p_team AND h.project = p_project FOR UPDATE;
EXCEPTION WHEN lock_not_available THEN
  PERFORM claude_mem.lock_wait_failed(p_team, p_project);
END $$;

-- A push left open (psql, BEGIN without COMMIT) would hold its projects' locks for as long as
-- the session lives: the session ends once idle in that transaction for claude_mem.push_hold_ms
-- (ALTER DATABASE ... SET; default a minute). Against accidents only: a caller may set it back.
CREATE FUNCTION claude_mem.cap_idle_hold() RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_limit bigint := coalesce(nullif(current_setting('claude_mem.push_hold_ms', true), '')::bigint, 60000);
  v_now bigint := (SELECT setting::bigint FROM pg_settings WHERE name = 'idle_in_transaction_session_timeout');
BEGIN
  IF v_now = 0 OR v_now > v_limit THEN
    PERFORM set_config('idle_in_transaction_session_timeout', v_limit::text, true);
  END IF;
END $$;

CREATE FUNCTION claude_mem.push(p_team text, p_rows jsonb, p_deletes uuid[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_project text;
  v_changed integer;
  v_tombstoned integer;
BEGIN
  PERFORM claude_mem.check_member(p_team);
  -- Locked in name order, before the sequence is read: rows of a project commit in seq order.
  FOR v_project IN
    SELECT x.project FROM jsonb_to_recordset(coalesce(p_rows, '[]')) AS x(project text)
    UNION
    SELECT m.project FROM claude_mem.memories m WHERE m.team = p_team
      AND m.author = session_user AND m.global_id = ANY (coalesce(p_deletes, '{}'))
    ORDER BY 1
  LOOP
    PERFORM claude_mem.lock_project(p_team, v_project);
  END LOOP;
  PERFORM claude_mem.cap_idle_hold();
  INSERT INTO claude_mem.memories AS m (global_id, team, project, kind, author, version, body, created_at)
  SELECT x.global_id, p_team, x.project, x.kind, session_user, x.version, x.body, x.created_at
  FROM jsonb_to_recordset(coalesce(p_rows, '[]'))
    AS x(global_id uuid, project text, kind text, version integer, body jsonb, created_at bigint)
  ON CONFLICT (team, global_id) DO UPDATE SET project = excluded.project, kind = excluded.kind,
    version = excluded.version, body = excluded.body, deleted = false
  WHERE m.author = session_user AND (m.version < excluded.version OR m.deleted);
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  UPDATE claude_mem.memories m SET deleted = true, body = '{}'::jsonb, version = m.version + 1
  WHERE m.team = p_team AND m.author = session_user
    AND m.global_id = ANY (coalesce(p_deletes, '{}')) AND NOT m.deleted;
  GET DIAGNOSTICS v_tombstoned = ROW_COUNT;
  INSERT INTO claude_mem.member_activity AS a (team, role, last_push_at)
    VALUES (p_team, session_user, now())
    ON CONFLICT (team, role) DO UPDATE SET last_push_at = now()
    WHERE a.last_push_at IS NULL OR a.last_push_at < now() - interval '1 second';
  RETURN v_changed + v_tombstoned;
EXCEPTION WHEN lock_not_available THEN
  PERFORM claude_mem.lock_wait_failed(p_team, NULL);
END $$;

CREATE FUNCTION claude_mem.pull(p_team text, p_project text, p_after bigint, p_limit integer)
RETURNS TABLE (seq bigint, global_id uuid, kind text, author name, version integer,
  deleted boolean, created_at bigint, body jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  PERFORM claude_mem.check_member(p_team);
  INSERT INTO claude_mem.member_activity AS a (team, role, last_pull_at)
    VALUES (p_team, session_user, now())
    -- Once a second at most: a large pull calls once a page.
    ON CONFLICT (team, role) DO UPDATE SET last_pull_at = now()
    WHERE a.last_pull_at IS NULL OR a.last_pull_at < now() - interval '1 second';
  RETURN QUERY
    -- A body past 2 MB comes as its size only (the client's row door sets it aside): a page
    -- of a thousand 20 MB rows would otherwise be held whole by the puller (issue 30).
    SELECT m.seq, m.global_id, m.kind, m.author, m.version, m.deleted, m.created_at,
      CASE WHEN octet_length(m.body::text) > 2000000
        THEN jsonb_build_object('_too_large_bytes', octet_length(m.body::text)) ELSE m.body END
    FROM claude_mem.memories m
    WHERE m.team = p_team AND m.project = p_project AND m.seq > p_after
    ORDER BY m.seq LIMIT least(greatest(p_limit, 1), 5000);
EXCEPTION WHEN lock_not_available THEN
  PERFORM claude_mem.lock_wait_failed(p_team, p_project);
END $$;

REVOKE ALL ON FUNCTION claude_mem.lock_holders(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION claude_mem.lock_wait_failed(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION claude_mem.lock_project(text, text) FROM PUBLIC;
`;
