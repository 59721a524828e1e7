/**
 * The groups of the settings page, by what a person wants to do rather than by the dotted key's
 * prefix, in the order the page shows them. Only the worker's settings routes read this (with
 * `setting-labels.ts`); the hook bundle does not import it, so its words cost the hook nothing.
 */
export const SETTING_GROUPS = [
  { id: 'capture', title: 'Capture', intro: 'What is recorded from your sessions.' },
  {
    id: 'compress',
    title: 'Compression and cost',
    intro: 'Who turns captured events into memories, and how much that may spend.',
  },
  { id: 'recall', title: 'Recall', intro: 'What comes back to the agent, and when.' },
  { id: 'team', title: 'Team', intro: 'What you share with teammates, and where.' },
  {
    id: 'storage',
    title: 'Storage and retention',
    intro: 'How long memory is kept, and where its vectors live.',
  },
  {
    id: 'advanced',
    title: 'Advanced',
    intro: 'Ports, timeouts, retries and request sizes: the defaults suit most people.',
  },
] as const;

/** The id of one of {@link SETTING_GROUPS}. */
export type SettingGroup = (typeof SETTING_GROUPS)[number]['id'];

/** A setting's words for people: its group, a plain label, one sentence, the effect of each value. */
export interface SettingLabel {
  readonly group: SettingGroup;
  readonly label: string;
  /** One short sentence: what the setting changes. */
  readonly help: string;
  /** For a choice or a switch: one short sentence per value (`true`/`false` for a switch). */
  readonly effects?: Readonly<Record<string, string>>;
}
