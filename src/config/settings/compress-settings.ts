import type { SettingSpec } from '../setting-kinds.ts';

/** Settings of compression (providers, batching, budget): `compress.*`. */
export const COMPRESS_SETTINGS = {} as const satisfies Record<string, SettingSpec<unknown>>;
