import type { SettingSpec } from '../setting-kinds.ts';

/** Settings of recall (context at SessionStart, search, embeddings): `context.*`, `search.*`. */
export const RECALL_SETTINGS = {} as const satisfies Record<string, SettingSpec<unknown>>;
