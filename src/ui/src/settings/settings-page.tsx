import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiError, api } from '../api.ts';
import type { Project, SettingView } from '../api-types.ts';
import { ContextPreview } from './context-preview.tsx';
import { changedValues, groupOf, toDraft, type Draft } from './draft.ts';
import { SettingField } from './setting-field.tsx';
import './settings.css';

interface Outcome {
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

/** Every setting, validated by the worker field by field, and the context preview. */
export function SettingsPage(props: { projects: Project[]; project: string }) {
  const [settings, setSettings] = useState<SettingView[]>([]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [project, setProject] = useState(props.project);
  const [saving, setSaving] = useState(false);

  const reset = (items: SettingView[]) => {
    setSettings(items);
    setDrafts(Object.fromEntries(items.map((s) => [s.key, toDraft(s)])));
    setErrors({});
  };
  useEffect(() => {
    api.settings().then(
      (answer) => reset(answer.items),
      (failure: unknown) => setOutcome({ kind: 'error', text: String(failure) }),
    );
  }, []);
  const groups = useMemo(() => [...new Set(settings.map((s) => groupOf(s.key)))], [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    api.saveSettings(changedValues(settings, drafts)).then(
      (answer) => {
        setSaving(false);
        reset(answer.items);
        setOutcome({ kind: 'saved', text: savedText(answer.saved, answer.items) });
      },
      (failure: unknown) => {
        setSaving(false);
        setErrors(failure instanceof ApiError ? failure.errors : {});
        setOutcome({
          kind: 'error',
          text: failure instanceof Error ? failure.message : String(failure),
        });
      },
    );
  };

  return (
    <main className="page settings-page" id="main">
      <form className="settings" onSubmit={submit} aria-label="Settings" noValidate>
        <h2>Settings</h2>
        {groups.map((group) => (
          <fieldset key={group}>
            <legend>{group}</legend>
            {settings
              .filter((s) => groupOf(s.key) === group)
              .map((s) => (
                <SettingField
                  key={s.key}
                  setting={s}
                  draft={drafts[s.key] ?? toDraft(s)}
                  error={errors[s.key]}
                  onChange={(draft) => setDrafts((d) => ({ ...d, [s.key]: draft }))}
                />
              ))}
          </fieldset>
        ))}
        <div className="save-bar">
          <button type="submit" className="primary" disabled={saving || settings.length === 0}>
            Save settings
          </button>
          <button type="button" onClick={() => reset(settings)}>
            Discard changes
          </button>
          {outcome && (
            <p
              className={outcome.kind === 'error' ? 'error' : 'ok'}
              role={outcome.kind === 'error' ? 'alert' : 'status'}
            >
              {outcome.text}
            </p>
          )}
        </div>
      </form>
      <ContextPreview
        projects={props.projects}
        project={project}
        onProject={setProject}
        maxTokens={String(drafts['context.maxTokens'] ?? '')}
        maxObservations={String(drafts['context.maxObservations'] ?? '')}
      />
    </main>
  );
}
