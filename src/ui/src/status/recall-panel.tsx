import { EMBEDDING_STATE_WORDS, type RecallInjection, type RecallStatus } from '../api-types.ts';
import { count } from '../shared/format.ts';

/** What search ranks with now, in words. */
function searchUses(status: RecallStatus): string {
  if (status.state === 'off' || status.model === null) return 'full text only (embedder off)';
  if (status.vectorsInSearch) return `full text and vectors (${status.mode})`;
  return 'full text until every observation has a vector';
}

/**
 * The embedder, its vectors' progress and what search uses meanwhile; after a switch of
 * embedder, which model is being replaced and a progress bar of the re-embedding.
 */
export function RecallPanel(props: { status: RecallStatus; injections?: RecallInjection[] }) {
  const { status } = props;
  const size = status.dimensions ? ` (${status.dimensions} dimensions)` : '';
  const percent = status.total > 0 ? Math.floor((status.embedded / status.total) * 100) : 100;
  return (
    <section className="panel" aria-labelledby="recall-heading">
      <h2 id="recall-heading">Recall</h2>
      <dl className="facts-grid">
        <dt>Embedder</dt>
        <dd data-testid="embedder">{status.model === null ? 'off' : `${status.model}${size}`}</dd>
        <dt>State</dt>
        <dd>{EMBEDDING_STATE_WORDS[status.state]}</dd>
        <dt>Vectors</dt>
        <dd data-testid="vectors">
          {count(status.embedded)} of {count(status.total)} observations
        </dd>
        {status.switch && (
          <>
            <dt>Re-embedding</dt>
            <dd data-testid="switch">
              {status.switch.from === null
                ? 'first embedding'
                : `after the switch from ${status.switch.from}`}{' '}
              <progress max={100} value={percent} aria-label="re-embedding progress" /> {percent}%
            </dd>
          </>
        )}
        <dt>Search uses</dt>
        <dd data-testid="search-uses">{searchUses(status)}</dd>
        {typeof status.horizon === 'number' && (
          <>
            <dt>Search horizon</dt>
            <dd data-testid="horizon">
              the newest {count(status.horizon)} observations, searched first
            </dd>
          </>
        )}
        {status.vectorWeight !== undefined && (
          <>
            <dt>Vector weight</dt>
            <dd>{status.vectorWeight} (full text 1)</dd>
          </>
        )}
        {status.error && (
          <>
            <dt>Error</dt>
            <dd>{status.error}</dd>
          </>
        )}
      </dl>
      <RecentInjections items={props.injections ?? []} />
    </section>
  );
}

/** What the last recall moments injected, each with why it passed (issue 32). */
function RecentInjections(props: { items: RecallInjection[] }) {
  if (props.items.length === 0)
    return <p className="muted">No memory injected at a prompt or file yet.</p>;
  return (
    <>
      <h3>Last injections, and why</h3>
      <ul className="recall-injections" data-testid="recall-injections">
        {props.items.map((item, i) => (
          <li key={`${item.date}-${item.id}-${i}`}>
            <span className="muted">
              {item.date.slice(0, 16).replace('T', ' ')}{' '}
              {item.moment === 'prompt' ? 'prompt' : 'file'}
            </span>{' '}
            #{item.id} {item.title ?? '(deleted)'}
            <div className="muted" data-testid="recall-reason">
              why: {item.reason}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
