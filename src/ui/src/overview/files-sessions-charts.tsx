import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview, OverviewSession } from '../api-types.ts';
import { count, shortId, when } from '../shared/format.ts';
import { ChartPanel } from './chart-panel.tsx';

/** The last path segments that fit an axis label: `…/store/usage.ts`. */
function shortPath(file: string): string {
  if (file.length <= 28) return file;
  const parts = file.split('/');
  let tail = parts.pop() ?? file;
  while (parts.length > 0 && `…/${parts.at(-1)}/${tail}`.length <= 28)
    tail = `${parts.pop()}/${tail}`;
  return `…/${tail}`;
}

/** The files the most observations modified or read. */
export function FilesChart({ overview }: { overview: Overview }) {
  const top = overview.files[0];
  return (
    <ChartPanel
      title="Top files"
      testId="chart-files"
      summary={
        top
          ? `Most touched: ${top.file} (${count(top.modified)} modified, ${count(top.read)} read)`
          : 'none'
      }
      empty={overview.files.length === 0 ? 'No files named in this period.' : undefined}
    >
      <ResponsiveContainer width="100%" height={Math.max(120, 28 * overview.files.length + 40)}>
        <BarChart
          data={overview.files}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        >
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="file" width={190} tickFormatter={shortPath} />
          <Tooltip />
          <Legend />
          <Bar
            isAnimationActive={false}
            dataKey="modified"
            name="Modified"
            stackId="f"
            className="bar-accent"
          />
          <Bar
            isAnimationActive={false}
            dataKey="read"
            name="Read"
            stackId="f"
            className="bar-soft"
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

interface SessionBar {
  label: string;
  span: [number, number];
  session: OverviewSession;
}

/** Sessions oldest at the top, each at least 1/150 of the axis wide so short ones show. */
function sessionBars(sessions: OverviewSession[]): SessionBar[] {
  const ordered = [...sessions].reverse();
  const first = Math.min(...ordered.map((s) => s.startedAt));
  const last = Math.max(...ordered.map((s) => s.endedAt));
  const least = Math.max((last - first) / 150, 60_000);
  return ordered.map((session) => {
    const title = session.title ?? shortId(session.sessionId);
    return {
      label: title.length > 30 ? `${title.slice(0, 29)}…` : title,
      span: [session.startedAt, Math.max(session.endedAt, session.startedAt + least)],
      session,
    };
  });
}

const DAY_MS = 86_400_000;

/** When each recent session started and ended. */
export function SessionsChart({ overview }: { overview: Overview }) {
  const bars = sessionBars(overview.sessions);
  const spread =
    Math.max(0, ...bars.map((b) => b.span[1])) - Math.min(...bars.map((b) => b.span[0]));
  // Over more than two days a tick's date says enough; within them, the hour matters.
  const tick = (ms: number): string =>
    spread > 2 * DAY_MS
      ? new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
      : when(ms);
  return (
    <ChartPanel
      title="Sessions"
      testId="chart-sessions"
      summary={`${count(overview.sessions.length)} sessions${overview.sessions.length === 30 ? ' (the newest 30)' : ''}`}
      empty={bars.length === 0 ? 'No sessions in this period.' : undefined}
    >
      <ResponsiveContainer width="100%" height={Math.max(120, 26 * bars.length + 40)}>
        <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <XAxis
            type="number"
            dataKey="span"
            domain={['dataMin', 'dataMax']}
            scale="time"
            tickFormatter={tick}
            minTickGap={24}
          />
          <YAxis type="category" dataKey="label" width={190} />
          <Tooltip
            formatter={(_value, _name, item) => {
              const s = (item.payload as SessionBar).session;
              return [
                `${when(s.startedAt)} to ${when(s.endedAt)}, ${count(s.prompts)} prompts`,
                s.project,
              ];
            }}
          />
          <Bar
            isAnimationActive={false}
            dataKey="span"
            name="Session"
            className="bar-accent"
            minPointSize={2}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}
