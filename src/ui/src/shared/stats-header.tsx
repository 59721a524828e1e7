import type { Stats } from '../api-types.ts';
import { bytes, count } from './format.ts';

/** ` (~$0.12)`: an estimate at list prices; nothing when free or unknown. */
const usd = (value: number): string =>
  value > 0 ? ` (~$${value < 0.01 ? value.toFixed(4) : value.toFixed(2)})` : '';

/** Observations, sessions, projects, tokens spent today, database size. */
export function StatsHeader(props: { stats: Stats | undefined }) {
  const s = props.stats;
  const cells: Array<[string, string]> = [
    ['Observations', s ? count(s.observations) : '…'],
    ['Sessions', s ? count(s.sessions) : '…'],
    ['Projects', s ? count(s.projects) : '…'],
    ['Tokens today', s ? `${count(s.tokensToday)}${usd(s.costTodayUsd)}` : '…'],
    ['Database', s ? bytes(s.databaseBytes) : '…'],
  ];
  return (
    <dl className="stats" aria-label="Statistics">
      {cells.map(([label, value]) => (
        <div key={label} className="stat">
          <dt>{label}</dt>
          <dd data-stat={label}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
