import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { INJECTION_MOMENTS, type LedgerMomentDay } from '../api-types.ts';
import { count } from '../shared/format.ts';
import { ChartPanel } from './chart-panel.tsx';

const MOMENT_NAMES: Record<(typeof INJECTION_MOMENTS)[number], string> = {
  'session-start': 'Session start',
  prompt: 'Prompt',
  file: 'File',
  'dead-end': 'Dead-end warning',
  'mcp-search': 'MCP search',
  'mcp-timeline': 'MCP timeline',
  'mcp-get': 'MCP get',
};

/** One bar pair per day: injected and used memories of the chosen moment (or all). */
function byDay(rows: readonly LedgerMomentDay[], moment: string) {
  const days = new Map<string, { day: string; injected: number; used: number }>();
  for (const row of rows) {
    if (moment !== '' && row.moment !== moment) continue;
    const day = days.get(row.day) ?? { day: row.day, injected: 0, used: 0 };
    day.injected += row.injected;
    day.used += row.used;
    days.set(row.day, day);
  }
  return [...days.values()];
}

/**
 * Recall, per day: how many memories claude-mem put before the agent and how many of them the
 * agent then used (issue 35), for every moment or one.
 */
export function RecallChart({ rows }: { rows: readonly LedgerMomentDay[] }) {
  const id = useId();
  const [moment, setMoment] = useState('');
  const data = byDay(rows, moment);
  const injected = data.reduce((sum, d) => sum + d.injected, 0);
  const used = data.reduce((sum, d) => sum + d.used, 0);
  const share = injected > 0 ? Math.round((used / injected) * 100) : 0;
  return (
    <ChartPanel
      title="Recall: injected and used"
      testId="chart-recall"
      summary={`${count(injected)} memories injected, ${count(used)} used (${share}%)`}
      empty={injected === 0 ? 'Nothing injected in this period.' : undefined}
    >
      <div className="field">
        <label htmlFor={`${id}-moment`}>Moment</label>
        <select id={`${id}-moment`} value={moment} onChange={(e) => setMoment(e.target.value)}>
          <option value="">All moments</option>
          {INJECTION_MOMENTS.map((m) => (
            <option key={m} value={m}>
              {MOMENT_NAMES[m]}
            </option>
          ))}
        </select>
      </div>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="day" minTickGap={16} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar isAnimationActive={false} dataKey="injected" name="Injected" className="bar-soft" />
          <Bar isAnimationActive={false} dataKey="used" name="Used" className="bar-accent" />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}
