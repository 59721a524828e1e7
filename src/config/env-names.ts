import { SETTINGS_SCHEMA, envNameOf, type SettingKey } from './settings-schema.ts';

/** Variables claude-mem reads that are not settings. */
const OTHER_NAMES = new Set(['CLAUDE_MEM_DATA_DIR', 'CLAUDE_MEM_PROJECT', 'CLAUDE_MEM_EDIT_FILE']);

let byName: Map<string, SettingKey> | undefined;

/** Every setting's variable name, made once per process. */
function settingNames(): Map<string, SettingKey> {
  byName ??= new Map(
    (Object.keys(SETTINGS_SCHEMA) as SettingKey[]).map((key) => [envNameOf(key), key]),
  );
  return byName;
}

/** Edit distance of two short names (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * A `CLAUDE_MEM_*` variable that is none of ours but close to a setting's (a missing `_`, a typo):
 * the setting it was surely meant for. `CLAUDE_MEM_WORKER_AUTOSTART=maybe` was accepted in
 * silence (issue 31). Names far from every setting are left alone: other tools (and our own
 * tests) use the prefix too.
 */
export function misspeltSetting(name: string): SettingKey | undefined {
  if (!name.startsWith('CLAUDE_MEM_') || OTHER_NAMES.has(name)) return undefined;
  const names = settingNames();
  if (names.has(name)) return undefined;
  const squeezed = name.replace(/_/g, '');
  let best: { key: SettingKey; d: number } | undefined;
  for (const [wanted, key] of names) {
    const d = squeezed === wanted.replace(/_/g, '') ? 0 : distance(name, wanted);
    if (d <= 2 && (best === undefined || d < best.d)) best = { key, d };
  }
  return best?.key;
}
