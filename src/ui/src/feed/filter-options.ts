import {
  AGENTS,
  AGENT_NAMES,
  OBSERVATION_TYPES,
  SCOPES,
  SCOPE_NAMES,
  SEARCH_MODES,
  SEARCH_MODE_NAMES,
} from '../api-types.ts';

/** One `<option>` of a filter menu. */
export interface FilterOption {
  value: string;
  label: string;
}

/** The search box's modes, in the domain's order. */
export const MODE_OPTIONS: FilterOption[] = SEARCH_MODES.map((mode) => ({
  value: mode,
  label: SEARCH_MODE_NAMES[mode],
}));

/** Every agent, or one. */
export const AGENT_OPTIONS: FilterOption[] = [
  { value: '', label: 'All agents' },
  ...AGENTS.map((agent) => ({ value: agent, label: AGENT_NAMES[agent] })),
];

/** Everything, one observation type, or the summaries or prompts (kinds, not types). */
export const TYPE_OPTIONS: FilterOption[] = [
  { value: '', label: 'Everything' },
  ...OBSERVATION_TYPES.map((type) => ({ value: type, label: type })),
  { value: 'summary', label: 'Summaries' },
  { value: 'prompt', label: 'Prompts' },
];

/** Both scopes, or one. */
export const SCOPE_OPTIONS: FilterOption[] = [
  { value: '', label: 'Private and team' },
  ...SCOPES.map((scope) => ({ value: scope, label: SCOPE_NAMES[scope] })),
];
