import type pg from 'pg';
import type { Logger } from '../config/index.ts';
import {
  adoptOwnRows,
  localProjects,
  setTeamProject,
  teamProjects,
  type Db,
} from '../store/index.ts';
import { clientConfig, DEFAULT_STEP_MS, newClient } from './connection.ts';
import { pullTeam } from './pull.ts';
import { pushOutbox, type PushReport } from './push.ts';
import { teamProjectOf } from './remote.ts';
import { watched, type Queryable } from './watchdog.ts';

/** Where and as which team this machine syncs; an empty URL: no team. */
export interface TeamTarget {
  url: string;
  team: string;
  /** How long one step (connect, query) may take before the round is abandoned. */
  stepMs?: number;
}

/** What the last round did and how the connection stands. */
export interface SyncState {
  configured: boolean;
  connected: boolean;
  role: string | null;
  lastRoundAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  lastPush: PushReport | null;
  lastPulled: number;
  /** When the first round that failed since the last success started; null while syncing. */
  failingSince: number | null;
  /** The step of the round in flight and when it began; null between rounds. */
  inFlight: { step: string; since: number } | null;
}

/** The state before any round: no team, nothing pushed or pulled, no failure. */
export const NO_ROUND_YET: Readonly<SyncState> = {
  configured: false,
  connected: false,
  role: null,
  lastRoundAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastPush: null,
  lastPulled: 0,
  failingSince: null,
  inFlight: null,
};

/** What the engine needs: the local store, its data folder (for the secret file), time, log. */
export interface TeamSyncDeps {
  db: Db;
  dataDir: string;
  now: () => number;
  log: Logger;
  /** Where to sync, read afresh every round (so `team connect` and `disconnect` apply). */
  target: () => TeamTarget;
  /** Awaited before each pulled page is written (the worker lets hook requests pass first). */
  beforePage?: () => Promise<void>;
  /** Makes the connection (tests wrap it to cut the server off at a chosen query). */
  newClient?: (config: pg.ClientConfig) => pg.Client;
}

/** How long a project without a git remote or id waits before its identity is looked up again. */
const RETRY_IDENTITY_MS = 600_000;

/**
 * The sync engine: one round pushes the outbox, then pulls each team project. It keeps one
 * connection open between rounds and drops it on any error (the next round reconnects), so an
 * offline day only leaves the outbox longer. Rounds never overlap. Every step is bounded
 * (`TeamTarget.stepMs`): a step that overruns abandons the round, and the state says since when
 * rounds fail and why (stall.ts turns that into "stalled for N s").
 */
export function createTeamSync(deps: TeamSyncDeps) {
  const state: SyncState = { ...NO_ROUND_YET };
  let client: pg.Client | undefined;
  let guarded: Queryable | undefined;
  let overran: string | undefined;
  let clientUrl = '';
  let running: Promise<SyncState> | undefined;
  const noIdentity = new Map<string, number>();

  const drop = async (): Promise<void> => {
    const old = client;
    client = undefined;
    guarded = undefined;
    state.connected = false;
    await old?.end().catch(() => undefined);
  };

  let phase = 'connect';
  const hooks = {
    phase: (): string => phase,
    step(name: string | null): void {
      state.inFlight = name === null ? null : { step: name, since: deps.now() };
    },
    overran(reason: string): void {
      overran = reason;
    },
  };

  /** Connects (at most `stepMs`) and checks membership with the server's own function. */
  const connect = async (target: TeamTarget): Promise<Queryable> => {
    if (client && guarded && clientUrl === target.url) return guarded;
    await drop();
    const stepMs = target.stepMs ?? DEFAULT_STEP_MS;
    const config = clientConfig(target.url, deps.dataDir, stepMs);
    const fresh = deps.newClient ? deps.newClient(config) : await newClient(config);
    fresh.on('error', () => void drop());
    hooks.step('connect');
    try {
      await fresh.connect();
    } catch (error) {
      await fresh.end().catch(() => undefined);
      throw error;
    } finally {
      hooks.step(null);
    }
    client = fresh;
    guarded = watched(fresh, stepMs + 2_000, hooks);
    clientUrl = target.url;
    state.connected = true;
    const { rows } = await guarded.query<{ role: string }>(
      'SELECT claude_mem.check_member($1) AS role',
      [target.team],
    );
    state.role = rows[0]?.role ?? null;
    // Rows an older pull stored as a teammate's under this very role are this user's own.
    if (state.role) adoptOwnRows(deps.db, state.role);
    return guarded;
  };

  /** Looks up the team identity of local projects that have none yet. */
  const discover = (): void => {
    const known = new Set(teamProjects(deps.db).map((row) => row.project));
    for (const { project, root } of localProjects(deps.db)) {
      if (
        known.has(project) ||
        deps.now() - (noIdentity.get(project) ?? -Infinity) < RETRY_IDENTITY_MS
      )
        continue;
      const id = root ? teamProjectOf(root) : undefined;
      if (id) setTeamProject(deps.db, project, id);
      else noIdentity.set(project, deps.now());
    }
  };

  const round = async (): Promise<SyncState> => {
    const target = deps.target();
    state.configured = target.url !== '';
    state.lastRoundAt = deps.now();
    if (!state.configured) {
      await drop();
      return { ...state };
    }
    overran = undefined;
    try {
      discover();
      const identities = new Map(
        teamProjects(deps.db).map((row) => [row.project, row.team_project]),
      );
      phase = 'connect';
      const connection = await connect(target);
      const base = { db: deps.db, client: connection, team: target.team, now: deps.now };
      phase = 'push';
      state.lastPush = await pushOutbox({ ...base, teamProjectOf: (p) => identities.get(p) });
      phase = 'pull';
      state.lastPulled = await pullTeam({ ...base, me: state.role, beforePage: deps.beforePage });
      state.lastSuccessAt = deps.now();
      state.lastError = null;
      state.failingSince = null;
    } catch (error) {
      state.lastError = overran ?? (error instanceof Error ? error.message : String(error));
      state.failingSince ??= state.lastRoundAt;
      deps.log.log('warn', `team sync failed, retried next round: ${state.lastError}`);
      await drop();
    } finally {
      state.inFlight = null;
    }
    return { ...state };
  };

  return {
    /** Runs one round, or waits for the one in flight. */
    syncNow(): Promise<SyncState> {
      running ??= round().finally(() => {
        running = undefined;
      });
      return running;
    },
    state: (): SyncState => ({ ...state }),
    async close(): Promise<void> {
      await running?.catch(() => undefined);
      await drop();
    },
  };
}

/** The engine's type. */
export type TeamSync = ReturnType<typeof createTeamSync>;
