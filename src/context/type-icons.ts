import { OBSERVATION_TYPES, type ObservationType } from '../domain/index.ts';

/** The icon of each observation type in the SessionStart index (seed documents' legend). */
export const TYPE_ICONS: Record<ObservationType, string> = {
  bugfix: '🔴',
  feature: '🟣',
  refactor: '🔄',
  change: '✅',
  discovery: '🔵',
  decision: '⚖️',
  'dead-end': '⛔',
};

/** Shown for a type the legend does not know (an explicit memory's own type). */
const OTHER_ICON = '•';

/** Shown before a pinned observation. */
export const PIN_ICON = '📌';

/** The icon of `type`. */
export function iconOf(type: string): string {
  return (TYPE_ICONS as Record<string, string>)[type] ?? OTHER_ICON;
}

/** `🔴 bugfix  🟣 feature ...  📌 pinned`. */
export function legendLine(): string {
  const types = OBSERVATION_TYPES.map((type) => `${TYPE_ICONS[type]} ${type}`);
  return [...types, `${PIN_ICON} pinned`].join('  ');
}
