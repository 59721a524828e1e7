/** The worker's answers, as the viewer reads them: the wire types of src/domain (types only). */
export { OBSERVATION_TYPES, type ObservationType } from '../../domain/observation-types.ts';
export { isOneOf } from '../../domain/one-of.ts';
export { AGENTS, AGENT_NAMES, type AgentId } from '../../domain/agents.ts';
export { SCOPES, SCOPE_NAMES, type Scope } from '../../domain/scopes.ts';
export { SEARCH_MODES, SEARCH_MODE_NAMES, type SearchMode } from '../../domain/search-modes.ts';
export { EMBEDDING_STATE_WORDS } from '../../domain/embedding-status.ts';
export type { Changeset, ConsolidationView } from '../../domain/consolidation.ts';
export type {
  AnchorVerdict,
  BudgetStatus,
  CompressionStatus,
  ContextPreview,
  Cost,
  FailedEvent,
  FeedItem,
  FeedPage,
  ObservationItem,
  Overview,
  OverviewDay,
  OverviewSession,
  Project,
  PromptItem,
  QueueDepth,
  RecallInjection,
  RecallStatus,
  SearchPage,
  SettingGroupView,
  SettingView,
  SettingsView,
  Stats,
  SummaryItem,
  TeamRefusal,
  TeamStatus,
} from '../../domain/viewer-api.ts';
export { INJECTION_MOMENTS } from '../../domain/ledger.ts';
export type { InjectionMoment, LedgerMomentDay, NeverUsedMemory } from '../../domain/ledger.ts';

/** The feed's filters; `type` is an observation type, or `summary` / `prompt` for those kinds. */
export interface FeedFilter {
  project: string;
  type: string;
  /** `private` or `team`; empty: both. */
  scope?: string;
  /** A teammate's name, or `me`; empty: anyone. */
  author?: string;
  /** '' for every agent, else one of AGENTS. */
  agent?: string;
}
