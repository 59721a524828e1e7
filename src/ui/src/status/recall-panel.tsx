import { EMBEDDING_STATE_WORDS, type RecallStatus } from '../api-types.ts';
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
export function RecallPanel(props: { status: RecallStatus }) {
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
    </section>
  );
}
