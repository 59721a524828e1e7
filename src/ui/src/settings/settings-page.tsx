import { useEffect, useState, type FormEvent } from 'react';
import type { Project, SettingGroupView, SettingView } from '../api-types.ts';
import { routeDetail } from '../shared/use-route.ts';
import { ContextPreview } from './context-preview.tsx';
import { toDraft } from './draft.ts';
import { SaveBar } from './save-bar.tsx';
import { SettingField } from './setting-field.tsx';
import { matchesQuery } from './setting-words.ts';
import { SettingsNav, groupTabs } from './settings-nav.tsx';
import { useSettings } from './use-settings.ts';
import './settings.css';

type Settings = ReturnType<typeof useSettings>;

/** One group's section: its title, its sentence and its settings (those a search left, if any). */
function GroupSection(props: {
  group: SettingGroupView;
  data: Settings;
  shown: boolean;
  matches(setting: SettingView): boolean;
}) {
  const { group, data } = props;
  return (
    <section
      className="setting-group"
      data-group={group.id}
      aria-labelledby={`group-${group.id}`}
      hidden={!props.shown}
    >
      <h3 id={`group-${group.id}`}>{group.title}</h3>
      <p className="intro">{group.intro}</p>
      {data.settings
        .filter((s) => s.group === group.id)
        .map((s) => (
          <SettingField
            key={s.key}
            setting={s}
            hidden={!props.matches(s)}
            draft={data.drafts[s.key] ?? toDraft(s)}
            error={data.errors[s.key]}
            onChange={(draft) => data.setDraft(s.key, draft)}
          />
        ))}
    </section>
  );
}

/**
 * Every setting, grouped by what a person wants to do, one group at a time (or every match of a
 * search), validated by the worker field by field on save; the context preview under Recall.
 */
export function SettingsPage(props: { projects: Project[]; project: string }) {
  const [project, setProject] = useState(props.project);
  const [chosen, setChosen] = useState('');
  const [query, setQuery] = useState('');
  const data = useSettings(showFirstInvalid);
  // `#/settings/team` opens the Team group: a link or a reload lands where it points.
  const linked = data.groups.find((g) => g.id === routeDetail())?.id;
  const active = chosen || linked || data.groups[0]?.id || '';
  const searching = query.trim() !== '';
  const matches = (s: SettingView) => matchesQuery(s, query);
  const tabs = groupTabs(data.groups, data.settings, matches, data.errors);
  const shown = (group: string) =>
    searching ? tabs.some((t) => t.id === group && t.matches > 0) : group === active;

  function openGroup(group: string) {
    setChosen(group);
    window.history.replaceState(null, '', `#/settings/${group}`);
  }
  /** After a refused save, the first group holding an invalid field, so its message is in view. */
  function showFirstInvalid(errors: Record<string, string>) {
    const first = groupTabs(data.groups, data.settings, matches, errors).find((t) => t.errors);
    if (first && !searching) openGroup(first.id);
  }
  // Then that group's first invalid field takes the focus (and the view).
  useEffect(() => {
    document
      .querySelector<HTMLElement>('.settings-page section:not([hidden]) .setting.invalid input')
      ?.focus();
  }, [data.errors]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    data.save();
  };

  return (
    <main className="page settings-page" id="main">
      <h2>Settings</h2>
      <SettingsNav
        tabs={tabs}
        active={active}
        query={query}
        onGroup={openGroup}
        onQuery={setQuery}
      />
      <div className="settings-body">
        <form className="settings" onSubmit={submit} aria-label="Settings" noValidate>
          {searching && tabs.every((t) => t.matches === 0) && (
            <p className="empty">No setting matches “{query.trim()}”.</p>
          )}
          {data.groups.map((group) => (
            <GroupSection
              key={group.id}
              group={group}
              data={data}
              shown={shown(group.id)}
              matches={matches}
            />
          ))}
          <SaveBar
            saving={data.saving}
            ready={data.settings.length > 0}
            unsaved={data.unsaved}
            outcome={data.outcome}
            onDiscard={data.discard}
          />
        </form>
        {shown('recall') && !searching && (
          <ContextPreview
            projects={props.projects}
            project={project}
            onProject={setProject}
            maxTokens={String(data.drafts['context.maxTokens'] ?? '')}
            maxObservations={String(data.drafts['context.maxObservations'] ?? '')}
          />
        )}
      </div>
    </main>
  );
}
