import { useEffect, useState } from 'react';
import { ApiError, api } from '../api.ts';
import type { SettingGroupView, SettingView } from '../api-types.ts';
import { changedValues, toDraft, type Draft } from './draft.ts';

/** What the last load or save said. */
export interface Outcome {
  kind: 'saved' | 'error';
  text: string;
}

function savedText(saved: string[], settings: SettingView[]): string {
  if (saved.length === 0) return 'Nothing changed.';
  const restart = settings.filter((s) => saved.includes(s.key) && s.applies === 'restart');
  const later =
    restart.length > 0
      ? ` ${restart.length} of them apply after \`claude-mem worker restart\`.`
      : '';
  return `Saved ${saved.length} setting${saved.length === 1 ? '' : 's'}.${later}`;
}

/**
 * The settings and their groups from the worker, the drafts of their inputs, and saving: every
 * changed value in one request, which the worker refuses whole when one field is invalid
 * (`onRefused` gets the field errors then).
 */
export function useSettings(onRefused: (errors: Record<string, string>) => void) {
  const [settings, setSettings] = useState<SettingView[]>([]);
  const [groups, setGroups] = useState<SettingGroupView[]>([]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [saving, setSaving] = useState(false);

  const reset = (items: SettingView[]) => {
    setSettings(items);
    setDrafts(Object.fromEntries(items.map((s) => [s.key, toDraft(s)])));
    setErrors({});
  };
  useEffect(() => {
    api.settings().then(
      (answer) => {
        setGroups(answer.groups);
        reset(answer.items);
      },
      (failure: unknown) => setOutcome({ kind: 'error', text: String(failure) }),
    );
  }, []);

  const save = () => {
    setSaving(true);
    api.saveSettings(changedValues(settings, drafts)).then(
      (answer) => {
        setSaving(false);
        reset(answer.items);
        setOutcome({ kind: 'saved', text: savedText(answer.saved, answer.items) });
      },
      (failure: unknown) => {
        const fieldErrors = failure instanceof ApiError ? failure.errors : {};
        setSaving(false);
        setErrors(fieldErrors);
        onRefused(fieldErrors);
        setOutcome({
          kind: 'error',
          text: failure instanceof Error ? failure.message : String(failure),
        });
      },
    );
  };
  return {
    settings,
    groups,
    drafts,
    errors,
    outcome,
    saving,
    unsaved: Object.keys(changedValues(settings, drafts)).length,
    save,
    discard: () => reset(settings),
    setDraft: (key: string, draft: Draft) => setDrafts((d) => ({ ...d, [key]: draft })),
  };
}
