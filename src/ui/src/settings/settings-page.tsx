import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, api } from '../api.ts';
import type { Project, SettingGroupView, SettingView } from '../api-types.ts';
import { ContextPreview } from './context-preview.tsx';
import { changedValues, toDraft, type Draft } from './draft.ts';
import { SettingField } from './setting-field.tsx';
import { matchesQuery } from './setting-words.ts';
import { SettingsNav, groupTabs } from './settings-nav.tsx';
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

/**
 * Every setting, grouped by what a person wants to do, one group at a time (or every match of a
 * search), validated by the worker field by field on save; the context preview beside Recall.
 */
export function SettingsPage(props: { projects: Project[]; project: string }) {
  const [settings, setSettings] = useState<SettingView[]>([]);
  const [groups, setGroups] = useState<SettingGroupView[]>([]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [project, setProject] = useState(props.project);
  const [saving, setSaving] = useState(false);
  const [active, setActive] = useState('');
  const [query, setQuery] = useState('');

  const reset = (items: SettingView[]) => {
    setSettings(items);
    setDrafts(Object.fromEntries(items.map((s) => [s.key, toDraft(s)])));
    setErrors({});
  };
  useEffect(() => {
    api.settings().then(
      (answer) => {
        setGroups(answer.groups);
        setActive((current) => current || answer.groups[0]?.id || '');
        reset(answer.items);
      },
      (failure: unknown) => setOutcome({ kind: 'error', text: String(failure) }),
    );
  }, []);
  // After a refused save, the first invalid field of the group shown takes the focus (and the view).
  useEffect(() => {
    document
      .querySelector<HTMLElement>('.settings-page section:not([hidden]) .setting.invalid input')
      ?.focus();
  }, [errors]);
  const searching = query.trim() !== '';
  const matches = (s: SettingView) => matchesQuery(s, query);
  const tabs = groupTabs(groups, settings, matches, errors);
  const unsaved = Object.keys(changedValues(settings, drafts)).length;

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
        const fieldErrors = failure instanceof ApiError ? failure.errors : {};
        setSaving(false);
        setErrors(fieldErrors);
        // Show the first group holding an invalid field, so its message is in view.
        const first = groupTabs(groups, settings, matches, fieldErrors).find((t) => t.errors > 0);
        if (first && !searching) setActive(first.id);
        setOutcome({
          kind: 'error',
          text: failure instanceof Error ? failure.message : String(failure),
        });
      },
    );
  };

  const shown = (group: string) =>
    searching ? tabs.some((t) => t.id === group && t.matches > 0) : group === active;
  return (
    <main className="page settings-page" id="main">
      <h2>Settings</h2>
      <SettingsNav
        tabs={tabs}
        active={active}
        query={query}
        onGroup={setActive}
        onQuery={setQuery}
      />
      <div className={`settings-body${shown('recall') && !searching ? ' with-preview' : ''}`}>
        <form className="settings" onSubmit={submit} aria-label="Settings" noValidate>
          {searching && tabs.every((t) => t.matches === 0) && (
            <p className="empty">No setting matches “{query.trim()}”.</p>
          )}
          {groups.map((group) => (
            <section
              key={group.id}
              className="setting-group"
              data-group={group.id}
              aria-labelledby={`group-${group.id}`}
              hidden={!shown(group.id)}
            >
              <h3 id={`group-${group.id}`}>{group.title}</h3>
              <p className="intro">{group.intro}</p>
              {settings
                .filter((s) => s.group === group.id)
                .map((s) => (
                  <SettingField
                    key={s.key}
                    setting={s}
                    hidden={searching && !matches(s)}
                    draft={drafts[s.key] ?? toDraft(s)}
                    error={errors[s.key]}
                    onChange={(draft) => setDrafts((d) => ({ ...d, [s.key]: draft }))}
                  />
                ))}
            </section>
          ))}
          <div className="save-bar">
            <button type="submit" className="primary" disabled={saving || settings.length === 0}>
              Save settings
            </button>
            <button type="button" onClick={() => reset(settings)} disabled={unsaved === 0}>
              Discard changes
            </button>
            {unsaved > 0 && (
              <span className="unsaved">
                {unsaved} unsaved change{unsaved === 1 ? '' : 's'}
              </span>
            )}
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
        {shown('recall') && !searching && (
          <ContextPreview
            projects={props.projects}
            project={project}
            onProject={setProject}
            maxTokens={String(drafts['context.maxTokens'] ?? '')}
            maxObservations={String(drafts['context.maxObservations'] ?? '')}
          />
        )}
      </div>
    </main>
  );
}
