import { useState } from 'react';
import type { Project } from '../api-types.ts';
import { ObservationsChart, SpendChart, TypesChart } from './activity-charts.tsx';
import { FilesChart, SessionsChart } from './files-sessions-charts.tsx';
import { useOverview } from './use-overview.ts';
import { RecallChart } from './recall-chart.tsx';
import { NeverUsedList } from './never-used-list.tsx';
import { useRecallOverview } from './use-recall-overview.ts';
import './overview.css';
import { ErrorLine } from '../shared/error-line.tsx';
import { ProjectField } from '../shared/project-field.tsx';
import { SelectField } from '../shared/select-field.tsx';

const PERIODS = [7, 30, 90, 365].map((n) => ({ value: n, label: `Last ${n} days` }));

/** A project's (or every project's) activity, spend and sessions as small charts. */
export default function OverviewPage(props: {
  projects: Project[];
  project: string;
  onProject(project: string): void;
}) {
  const [days, setDays] = useState(30);
  const { overview, error } = useOverview(props.project, days);
  const recall = useRecallOverview(props.project, days);
  return (
    <main className="page overview-page" id="main">
      <div className="filters">
        <ProjectField value={props.project} projects={props.projects} onChange={props.onProject} />
        <SelectField
          label="Period"
          value={days}
          choices={PERIODS}
          onChange={(n) => setDays(Number(n))}
        />
      </div>
      <ErrorLine error={error ?? recall.error} />
      {overview ? (
        <div className="chart-grid">
          <ObservationsChart overview={overview} />
          <TypesChart overview={overview} />
          <SpendChart overview={overview} />
          <FilesChart overview={overview} />
          <SessionsChart overview={overview} />
          {recall.recall && <RecallChart rows={recall.recall.chart} />}
          {recall.recall && (
            <NeverUsedList items={recall.recall.neverUsed} onChanged={recall.reload} />
          )}
        </div>
      ) : (
        !error && <p className="hint">Loading the overview…</p>
      )}
    </main>
  );
}
