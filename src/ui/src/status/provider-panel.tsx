import type { CompressionStatus } from '../api-types.ts';
import { count } from '../shared/format.ts';

const states = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([state, n]) => `${count(n)} ${state}`)
    .join(', ') || 'none';

/** The provider in use and why, today's budget left, events and turns per state. */
export function ProviderPanel(props: { status: CompressionStatus }) {
  const { provider, reason, configured, model, budget, events, turns } = props.status;
  return (
    <section className="panel" aria-labelledby="provider-heading">
      <h2 id="provider-heading">Compression</h2>
      <dl className="facts-grid">
        <dt>Provider in use</dt>
        <dd data-testid="provider">{provider}</dd>
        <dt>Why</dt>
        <dd>{reason}</dd>
        <dt>Configured</dt>
        <dd>{configured}</dd>
        <dt>Model</dt>
        <dd>{model ?? 'none'}</dd>
        <dt>Events</dt>
        <dd>{states(events)}</dd>
        <dt>Turns</dt>
        <dd>{states(turns)}</dd>
      </dl>
      <h3>Today's budget</h3>
      {budget.length === 0 ? (
        <p className="hint">No LLM provider in use: the heuristic needs no budget.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Used</th>
              <th scope="col">Limit</th>
              <th scope="col">Left</th>
            </tr>
          </thead>
          <tbody>
            {budget.map((b) => (
              <tr key={b.provider}>
                <th scope="row">{b.provider}</th>
                <td>{count(b.used)}</td>
                <td>{count(b.limit)}</td>
                <td>{b.spent ? 'spent' : count(b.left)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
