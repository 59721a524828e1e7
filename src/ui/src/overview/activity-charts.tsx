import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { isOneOf, OBSERVATION_TYPES, type Overview } from '../api-types.ts';
import { count, dollars } from '../shared/format.ts';
import { ChartPanel } from './chart-panel.tsx';

const HEIGHT = 200;

/** An axis tick in dollars with two significant digits, so neighbouring ticks differ. */
const tickDollars = (usd: number): string => (usd === 0 ? '$0' : `$${Number(usd.toPrecision(2))}`);

/** `Mar 3` from `2026-03-03`. */
const shortDay = (day: string): string =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** Observations made per day. */
export function ObservationsChart({ overview }: { overview: Overview }) {
  const total = sum(overview.days.map((d) => d.observations));
  return (
    <ChartPanel
      title="Observations per day"
      testId="chart-observations"
      summary={`${count(total)} observations from ${shortDay(overview.from)} to ${shortDay(overview.to)}`}
      empty={total === 0 ? 'No observations in this period.' : undefined}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={overview.days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} />
          <Bar
            isAnimationActive={false}
            dataKey="observations"
            name="Observations"
            className="bar-accent"
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

/** Observations per type, each bar in its type's colour. */
export function TypesChart({ overview }: { overview: Overview }) {
  return (
    <ChartPanel
      title="Types"
      testId="chart-types"
      summary={overview.types.map((t) => `${t.type} ${count(t.count)}`).join(', ') || 'none'}
      empty={overview.types.length === 0 ? 'No observations in this period.' : undefined}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart
          data={overview.types}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        >
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="type" width={80} />
          <Tooltip />
          <Bar isAnimationActive={false} dataKey="count" name="Observations">
            {overview.types.map((t) => (
              <Cell
                key={t.type}
                className={
                  isOneOf(OBSERVATION_TYPES, t.type) ? `fill-type type-${t.type}` : 'bar-accent'
                }
              />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

/** Compression tokens (input and output, stacked) and the estimated cost per day. */
export function SpendChart({ overview }: { overview: Overview }) {
  const tokens = sum(overview.days.map((d) => d.tokensIn + d.tokensOut));
  const cost = sum(overview.days.map((d) => d.costUsd));
  return (
    <ChartPanel
      title="Tokens and cost per day"
      testId="chart-spend"
      summary={`${count(tokens)} tokens, about ${dollars(cost)} at list prices`}
      empty={
        tokens === 0
          ? 'No LLM compression in this period (the heuristic costs nothing).'
          : undefined
      }
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ComposedChart data={overview.days} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis yAxisId="tokens" tickFormatter={(n: number) => count(n)} width={64} />
          <YAxis yAxisId="cost" orientation="right" tickFormatter={tickDollars} width={64} />
          <Tooltip
            labelFormatter={(day) => shortDay(String(day))}
            formatter={(value, name) => [
              name === 'Cost' ? dollars(Number(value)) : count(Number(value)),
              name,
            ]}
          />
          <Bar
            isAnimationActive={false}
            yAxisId="tokens"
            dataKey="tokensIn"
            name="Input tokens"
            stackId="t"
            className="bar-accent"
          />
          <Bar
            isAnimationActive={false}
            yAxisId="tokens"
            dataKey="tokensOut"
            name="Output tokens"
            stackId="t"
            className="bar-soft"
          />
          <Line
            isAnimationActive={false}
            yAxisId="cost"
            dataKey="costUsd"
            name="Cost"
            type="linear"
            dot={false}
            className="line-cost"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}
