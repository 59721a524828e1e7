import type { SettingView } from '../api-types.ts';

const MINUTE = 60_000;

/** `300000` ms -> `5 min`, `1500` -> `1.5 s`: a duration a person reads at a glance. */
function duration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= MINUTE && ms % MINUTE === 0) return `${ms / MINUTE} min`;
  return `${ms / 1000} s`;
}

/** A value as the page shows it: lists joined, switches on/off, milliseconds with a duration. */
export function showValue(setting: SettingView, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.join(', ') || '(none)';
  if (value === '') return '(empty)';
  if (typeof value === 'number' && setting.key.endsWith('Ms') && value >= 1000) {
    return `${value} (${duration(value)})`;
  }
  return String(value);
}

/** When a changed value takes effect, in words. */
export function appliesText(setting: SettingView): string {
  switch (setting.applies) {
    case 'restart':
      return 'Applies after a worker restart.';
    case 'next-compression':
      return 'Applies to the next compression.';
    case 'next-hook':
      return 'Applies to the next hook run.';
    default:
      return setting.applies satisfies never;
  }
}

/** True when a search of the settings finds `setting`: by label, key, help or description. */
export function matchesQuery(setting: SettingView, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const words = [setting.label, setting.key, setting.help, setting.description];
  return words.concat(Object.values(setting.effects ?? {})).some((text) => {
    return text.toLowerCase().includes(needle);
  });
}
