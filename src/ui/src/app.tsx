import { lazy, Suspense, useEffect, useState } from 'react';
import { ConsolidatePage } from './consolidate/consolidate-page.tsx';
import { FeedPage } from './feed/feed-page.tsx';
import type { FilterValues } from './feed/filters.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { Processing } from './shared/processing.tsx';
import { StatsHeader } from './shared/stats-header.tsx';
import { useTheme } from './shared/theme.ts';
import { ThemeToggle } from './shared/theme-toggle.tsx';
import { useLive } from './shared/use-live.ts';
import { useRoute, type Route } from './shared/use-route.ts';
import { useStats } from './shared/use-stats.ts';
import { StatusPage } from './status/status-page.tsx';

const PAGES: Array<[Route, string, string]> = [
  ['feed', '#/', 'Memory'],
  ['overview', '#/overview', 'Overview'],
  ['consolidate', '#/consolidate', 'Consolidate'],
  ['settings', '#/settings', 'Settings'],
  ['status', '#/status', 'Status'],
];

// The charting library is most of the overview's weight: only that page loads it.
const OverviewPage = lazy(() => import('./overview/overview-page.tsx'));

const START: FilterValues = {
  project: '',
  type: '',
  scope: '',
  author: '',
  agent: '',
  query: '',
  mode: 'hybrid',
};

/** The viewer: header (stats, live state, navigation, theme) and the current page. */
export function App() {
  const route = useRoute();
  const [theme, setTheme] = useTheme();
  const live = useLive();
  const { stats, projects, refresh } = useStats();
  const [filters, setFilters] = useState(START);
  const { subscribe } = live;
  useEffect(() => subscribe(refresh), [subscribe, refresh]);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <div className="brand-row">
          <h1 className="brand">claude-mem</h1>
          <nav aria-label="Pages">
            {PAGES.map(([name, href, label]) => (
              <a key={name} href={href} aria-current={route === name ? 'page' : undefined}>
                {label}
              </a>
            ))}
          </nav>
          <Processing queue={live.queue} state={live.state} />
          <ThemeToggle theme={theme} onChange={setTheme} />
        </div>
        <StatsHeader stats={stats} />
      </header>
      {route === 'feed' && (
        <FeedPage
          filters={filters}
          onFilters={setFilters}
          projects={projects}
          live={live}
          onChange={refresh}
        />
      )}
      {route === 'overview' && (
        <Suspense fallback={<p className="hint">Loading the overview…</p>}>
          <OverviewPage
            projects={projects}
            project={filters.project}
            onProject={(project) => setFilters({ ...filters, project })}
          />
        </Suspense>
      )}
      {route === 'consolidate' && (
        <ConsolidatePage
          projects={projects}
          project={filters.project}
          onProject={(project) => setFilters({ ...filters, project })}
          onChange={refresh}
        />
      )}
      {route === 'settings' && <SettingsPage projects={projects} project={filters.project} />}
      {route === 'status' && <StatusPage />}
    </>
  );
}
