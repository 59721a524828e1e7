import type { SettingGroupView, SettingView } from '../api-types.ts';

/** A group's button: its title, how many of its settings match a search, how many are invalid. */
export interface GroupTab extends SettingGroupView {
  matches: number;
  errors: number;
}

/**
 * The settings' table of contents: a search box over labels, keys and help, and one button per
 * group (the page shows one group at a time, or every match of a search).
 */
export function SettingsNav(props: {
  tabs: GroupTab[];
  active: string;
  query: string;
  onGroup(group: string): void;
  onQuery(query: string): void;
}) {
  const searching = props.query.trim() !== '';
  return (
    <nav className="settings-nav" aria-label="Setting groups">
      <input
        type="search"
        className="settings-search"
        aria-label="Find a setting"
        placeholder="Find a setting…"
        value={props.query}
        onChange={(e) => props.onQuery(e.target.value)}
      />
      <ul>
        {props.tabs.map((tab) => (
          <li key={tab.id}>
            <button
              type="button"
              className="group-tab"
              data-group={tab.id}
              aria-current={!searching && tab.id === props.active ? 'true' : undefined}
              disabled={searching && tab.matches === 0}
              onClick={() => {
                props.onQuery('');
                props.onGroup(tab.id);
              }}
            >
              {tab.title}
              {searching && <span className="count"> {tab.matches}</span>}
              {tab.errors > 0 && (
                <span className="count error">
                  {' '}
                  {tab.errors} {tab.errors === 1 ? 'error' : 'errors'}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tabs of `groups`: how many settings of each match `query` and how many are invalid. */
export function groupTabs(
  groups: SettingGroupView[],
  settings: SettingView[],
  matches: (setting: SettingView) => boolean,
  errors: Record<string, string>,
): GroupTab[] {
  return groups.map((group) => {
    const own = settings.filter((s) => s.group === group.id);
    return {
      ...group,
      matches: own.filter(matches).length,
      errors: own.filter((s) => errors[s.key] !== undefined).length,
    };
  });
}
