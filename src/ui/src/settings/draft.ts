import type { SettingView } from '../api-types.ts';

/** What an input holds: text, or a checkbox's state. */
export type Draft = string | boolean;

/** The input's starting content for a setting's value. */
export function toDraft(setting: SettingView, value: unknown = setting.value): Draft {
  if (setting.input === 'boolean') return value === true;
  if (Array.isArray(value)) return value.join(', ');
  return String(value ?? '');
}

/**
 * The JSON value a draft stands for. Text that is not a number stays text for an integer
 * setting, so the worker's validation names the problem instead of the page guessing.
 */
export function fromDraft(setting: SettingView, draft: Draft): unknown {
  if (typeof draft === 'boolean') return draft;
  switch (setting.input) {
    case 'integer':
      return /^\s*-?\d+(\.\d+)?\s*$/.test(draft) ? Number(draft) : draft;
    case 'list':
      return draft
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    default:
      return draft;
  }
}

/** The settings whose drafts differ from their saved values, as the PUT body's `values`. */
export function changedValues(
  settings: SettingView[],
  drafts: Record<string, Draft>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const setting of settings) {
    const draft = drafts[setting.key];
    if (draft === undefined) continue;
    const value = fromDraft(setting, draft);
    if (JSON.stringify(value) !== JSON.stringify(setting.value)) values[setting.key] = value;
  }
  return values;
}
