/** The worker's answers, as the viewer reads them (see src/worker/routes/viewer-*.ts). */

export const OBSERVATION_TYPES = [
  'bugfix',
  'feature',
  'refactor',
  'change',
  'discovery',
  'decision',
] as const;

export type ObservationType = (typeof OBSERVATION_TYPES)[number];

/** What producing an item cost; `usd` is null when it cannot be known. */
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

export interface ObservationItem extends ItemBase {
  kind: 'observation';
  /** The coding agent that made it (claude, codex, gemini, copilot). */
  agent?: string;
  prompt_number: number | null;
  type: string;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string[];
  concepts: string[];
  files_read: string[];
  files_modified: string[];
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  pinned: boolean;
  updated_at: number;
  cost: Cost;
}

export interface SummaryItem extends ItemBase {
  kind: 'summary';
  prompt_number: number;
  request: string;
  investigated: string;
  learned: string;
  completed: string;
  next_steps: string;
  notes: string;
  files_read: string[];
  files_modified: string[];
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  cost: Cost;
}

export interface PromptItem extends ItemBase {
  kind: 'prompt';
  prompt_number: number;
  text: string;
}

export type FeedItem = ObservationItem | SummaryItem | PromptItem;

export interface FeedPage {
  items: FeedItem[];
  next: string | null;
}

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

export interface Project {
  name: string;
  sessions: number;
  observations: number;
  last_at: number;
}

export interface SearchPage {
  items: Array<{ id: number; score: number }>;
  mode: string;
  hasMore: boolean;
}

export interface QueueDepth {
  spool: number;
  pending: number;
  failed: number;
}

export interface SettingView {
  key: string;
  value: unknown;
  running: unknown;
  default: unknown;
  description: string;
  expected: string;
  input: 'boolean' | 'integer' | 'list' | 'choice' | 'text';
  choices?: string[];
  applies: 'next-hook' | 'restart';
  env?: string;
  problem?: string;
}

export interface SettingsView {
  file: string;
  items: SettingView[];
}

export interface ContextPreview {
  text: string;
  kind: string;
  observations: number;
  bytes: number;
  project: string;
  maxTokens: number;
  maxObservations: number;
}

export interface BudgetStatus {
  provider: string;
  limit: number;
  used: number;
  left: number;
  spent: boolean;
}

/** GET /api/compression/status (src/worker/compress-status.ts). */
export interface CompressionStatus {
  /** The provider in use now: the selected one unless its budget is spent. */
  provider: string;
  selected: string;
  configured: string;
  model: string | null;
  reason: string;
  budgetExhausted: boolean;
  events: Record<string, number>;
  turns: Record<string, number>;
  today: { day: string; usage: Array<{ provider: string; model: string; calls: number }> };
  budget: BudgetStatus[];
}

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

/** The feed's filters; `type` is an observation type, or `summary` / `prompt` for those kinds. */
export interface FeedFilter {
  project: string;
  type: string;
  /** '' for every agent, else claude, codex, gemini or copilot. */
  agent?: string;
}

export type SearchMode = 'fts' | 'hybrid';

/** One day of the overview (see src/store/overview.ts). */
export interface OverviewDay {
  day: string;
  observations: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

/** A session on the overview's timeline; `endedAt` is the last activity of an open one. */
export interface OverviewSession {
  sessionId: string;
  project: string;
  title: string | null;
  startedAt: number;
  endedAt: number;
  prompts: number;
}

/** GET /api/overview. */
export interface Overview {
  project: string | null;
  from: string;
  to: string;
  days: OverviewDay[];
  types: Array<{ type: string; count: number }>;
  files: Array<{ file: string; modified: number; read: number }>;
  sessions: OverviewSession[];
}

/** Whether the code an observation describes is still as it was (GET /api/anchors). */
export interface AnchorVerdict {
  state: 'fresh' | 'changed' | 'gone' | 'unknown';
  files: Array<{ path: string; state: string; movedTo?: string; lineDelta?: number }>;
}
