import type { SettingSpec } from '../setting-kinds.ts';

/** Settings of retention (maximum age and count per project): `retention.*`. */
export const RETENTION_SETTINGS = {} as const satisfies Record<string, SettingSpec<unknown>>;
