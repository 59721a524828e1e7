import type { ObservationType } from '../api-types.ts';

/** Icon outlines (24 x 24, stroked): one per observation type, plus summary, prompt and pin. */
const PATHS: Record<ObservationType | 'summary' | 'prompt' | 'pin' | 'other', string> = {
  bugfix:
    'M8 10h8v5a4 4 0 0 1-8 0z M9.5 10a2.5 2.5 0 0 1 5 0 M3.5 13H8 M16 13h4.5 M4.5 18.5 8 16.5 M19.5 18.5 16 16.5 M5 7.5 8 10 M19 7.5 16 10',
  feature: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z',
  refactor: 'M4.5 11a7.5 7.5 0 0 1 13-4.5 M18.5 3v4h-4 M19.5 13a7.5 7.5 0 0 1-13 4.5 M5.5 21v-4h4',
  change: 'M5 12.5l4.5 4.5 9.5-10',
  discovery: 'M10.5 4.5a6 6 0 1 1 0 12 6 6 0 0 1 0-12z M15 15l5 5',
  decision:
    'M12 4v15 M7 20h10 M5 7.5h14 M5 7.5 2.5 13a2.5 2.5 0 0 0 5 0z M19 7.5 16.5 13a2.5 2.5 0 0 0 5 0z',
  // No outline of its own yet: drawn as `other`, as before it had a type.
  'dead-end': 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  summary: 'M5 6h14 M5 11h14 M5 16h9',
  prompt: 'M4 5h16v11H10l-5 4v-4H4z',
  pin: 'M9 3h6l-1 6 3 3v2H7v-2l3-3z M12 14v7',
  other: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
};

/** The icon of an observation type (or `summary`, `prompt`, `pin`); decorative unless labelled. */
export function TypeIcon(props: { type: string; label?: string }) {
  const name = Object.hasOwn(PATHS, props.type) ? (props.type as keyof typeof PATHS) : 'other';
  return (
    <svg
      className={`icon icon-${name}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      role={props.label ? 'img' : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : true}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
