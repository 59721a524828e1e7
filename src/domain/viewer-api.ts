import type { AnchorVerdict } from './anchor-verdict.ts';
import type { EmbeddingStatus } from './embedding-status.ts';
import type { ObservationFields, SpendFields, SummaryFields } from './memory.ts';
import type { Scope } from './scopes.ts';

/** What producing an item cost: dollars when known, and a note saying how it was reckoned. */
export interface Cost {
  usd: number | null;
  note: string;
}

interface ItemBase {
  key: string;
  id: number;
  session_id: string | null;
  project: string;
  created_at: number;
}

/** Team memory (observations and summaries): who may see it, and whose it is. */
export interface TeamFields {
  scope: Scope;
  /** A teammate's name when pulled from the team (read-only here); null when written here. */
  author: string | null;
}

/** An observation of the feed (GET /api/feed). */
export interface ObservationItem extends ItemBase, TeamFields, ObservationFields, SpendFields {
  kind: 'observation';
  /** The coding agent that made it (claude, codex, gemini, copilot). */
  agent?: string;
  prompt_number: number | null;
  pinned: boolean;
  updated_at: number;
  cost: Cost;
}

/** A turn summary of the feed. */
export interface SummaryItem extends ItemBase, TeamFields, SummaryFields, SpendFields {
  kind: 'summary';
  prompt_number: number;
  cost: Cost;
}

/** A prompt of the feed. */
export interface PromptItem extends ItemBase {
  kind: 'prompt';
  prompt_number: number;
  text: string;
}

/** One item of the feed, newest first. */
export type FeedItem = ObservationItem | SummaryItem | PromptItem;

/** GET /api/feed: a page and the cursor of the next one. */
export interface FeedPage {
  items: FeedItem[];
  next: string | null;
}

/** GET /api/stats. */
export interface Stats {
  observations: number;
  summaries: number;
  prompts: number;
  sessions: number;
  projects: number;
  day: string;
  tokensToday: number;
  /** Estimated at list prices; 0 when free or the model's price is unknown. */
  costTodayUsd: number;
  databaseBytes: number;
}

/** A project and how much it holds (GET /api/projects). */
export interface Project {
  name: string;
  sessions: number;
  observations: number;
  last_at: number;
}

/** GET /api/search as the viewer reads it: ids ranked, then loaded from the feed. */
export interface SearchPage {
  items: Array<{ id: number; score: number }>;
  mode: string;
  hasMore: boolean;
}

/** Work waiting: spool files, pending and failed events. */
export interface QueueDepth {
  spool: number;
  pending: number;
  failed: number;
}

/** When a changed setting takes effect. */
export type Applies = 'next-hook' | 'next-compression' | 'restart';

/** One setting as the viewer's settings page shows it (GET /api/settings). */
export interface SettingView {
  key: string;
  /** From settings.json and the environment, as a process started now would read it. */
  value: unknown;
  /** What the running worker uses (differs from `value` until it restarts). */
  running: unknown;
  default: unknown;
  description: string;
  /** The id of the group the page shows it under (`SettingsView.groups`). */
  group: string;
  /** Plain words for the key, e.g. `Session start budget (tokens)` for `context.maxTokens`. */
  label: string;
  /** One short sentence: what the setting changes. */
  help: string;
  /** For a choice or a switch: the effect of each value, one sentence each (`true`/`false`). */
  effects?: Record<string, string>;
  /** The schema's own words for a valid value, e.g. `an integer from 200 to 2000`. */
  expected: string;
  input: 'boolean' | 'integer' | 'list' | 'choice' | 'text';
  choices?: string[];
  applies: Applies;
  /** The environment variable that overrides the file, when it is set. */
  env?: string;
  /** Why the file's value is not used, when it is not. */
  problem?: string;
}

/** One group of the settings page. */
export interface SettingGroupView {
  id: string;
  title: string;
  /** One sentence under the group's title. */
  intro: string;
}

/** GET /api/settings. */
export interface SettingsView {
  file: string;
  /** The page's groups in order: by what a person wants to do (capture, recall, ...). */
  groups: SettingGroupView[];
  items: SettingView[];
}

/** GET /api/context/preview: what SessionStart would inject. */
export interface ContextPreview {
  text: string;
  kind: string;
  observations: number;
  bytes: number;
  project: string;
  maxTokens: number;
  maxObservations: number;
}

/** One provider's budget today. */
export interface BudgetStatus {
  provider: string;
  limit: number;
  used: number;
  left: number;
  spent: boolean;
}

/** One day's spend with one provider and model (the `usage` table, summed). */
export interface UsageRow {
  day: string;
  provider: string;
  model: string;
  calls: number;
  tokens_in: number;
  tokens_out: number;
  duration_ms: number;
  cost_usd: number;
}

/** How many events ended one way for one reason. */
export interface ReasonCount {
  /** `fell-back`: compressed (or skipped) by a later provider after the first one failed. */
  outcome: 'fell-back' | 'failed';
  reason: string;
  events: number;
}

/**
 * GET /api/compression/status: the provider in use now and why (the one the settings selected,
 * unless its budget is spent), queue states, today's spend and budget per provider.
 */
export interface CompressionStatus {
  provider: string;
  selected: string;
  configured: string;
  model: string | null;
  reason: string;
  budgetExhausted: boolean;
  events: Record<string, number>;
  /** Why events fell back to a later provider or failed, with counts, most frequent first. */
  problems: ReasonCount[];
  turns: Record<string, number>;
  today: { day: string; usage: UsageRow[] };
  budget: BudgetStatus[];
}

/** A failed tool event, without its content: what the status page lists. */
export interface FailedEvent {
  id: number;
  session_id: string;
  project: string;
  prompt_number: number;
  tool_name: string;
  attempts: number;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

/** One day of the overview: observations made, and compression spend. */
export interface OverviewDay {
  day: string;
  observations: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

/** A session on the overview's timeline. */
export interface OverviewSession {
  sessionId: string;
  project: string;
  title: string | null;
  startedAt: number;
  /** The end, or the last activity of a session still open. */
  endedAt: number;
  prompts: number;
}

/** GET /api/overview: the project overview over the last days. */
export interface Overview {
  project: string | null;
  from: string;
  to: string;
  days: OverviewDay[];
  types: Array<{ type: string; count: number }>;
  files: Array<{ file: string; modified: number; read: number }>;
  sessions: OverviewSession[];
}

export type { AnchorVerdict };

/**
 * GET /api/recall/status: the embedder's progress, the search mode, and how many of the newest
 * observations the search horizon holds (a memory past 200,000; null below).
 */
export type RecallStatus = EmbeddingStatus & { mode: string; horizon?: number | null };

/** GET /api/recall/recent: one memory a recall moment injected, and why it passed (issue 32). */
export interface RecallInjection {
  moment: 'prompt' | 'file';
  session_id: string;
  id: number;
  title: string | null;
  reason: string;
  date: string;
}

/** A queued change the push refused (see src/store/team/team-outbox.ts), newest first. */
export interface TeamRefusal {
  kind: 'observation' | 'summary';
  item_id: number;
  reason: string;
}

/** GET /api/team/status (see src/worker/team/team-service.ts). */
export interface TeamStatus {
  configured: boolean;
  connected: boolean;
  url: string | null;
  team: string;
  role: string | null;
  lastRoundAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  lastPush: { pushed: number; deleted: number; refused: number; waiting: number } | null;
  lastPulled: number;
  /** When the first failing round since the last success began (null while syncing). */
  failingSince: number | null;
  /** The step of the round in flight, and since when. */
  inFlight: { step: string; since: number } | null;
  /** Sync stalled: for how long, why, and what to do (src/team/stall.ts); null when it runs. */
  stall: { seconds: number; why: string; remedy: string } | null;
  backlog: { queued: number; refused: TeamRefusal[] };
  /** Pulled rows that could not be made sound: how many (of the newest thousand) and the newest. */
  setAside?: { count: number; recent: TeamSetAside[] };
  /** Every local project with a team identity (src/store/team/team-projects.ts). */
  projects: TeamProjectStatus[];
}

/** A pulled row set aside (src/store/team/set-aside.ts): where, whose, and why. */
export interface TeamSetAside {
  project: string;
  kind: string;
  /** The row's global id (pull) or its id in the export (import). */
  ref: string;
  author: string | null;
  reason: string;
  at: number;
}

/** A local project's team identity and last sync times, as GET /api/team/status lists it. */
export interface TeamProjectStatus {
  project: string;
  team_project: string;
  pulled_seq: number;
  last_push_at: number | null;
  last_pull_at: number | null;
}
