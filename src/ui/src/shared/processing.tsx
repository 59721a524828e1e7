import type { QueueDepth } from '../api-types.ts';

/** Connection state and queue depth: what the worker is still working on. */
export function Processing(props: {
  queue: QueueDepth | undefined;
  state: 'live' | 'reconnecting';
}) {
  const waiting = props.queue ? props.queue.spool + props.queue.pending : 0;
  const failed = props.queue?.failed ?? 0;
  return (
    <div className="processing" role="status" aria-live="polite">
      <span className={`dot ${props.state}`} aria-hidden="true" />
      <span>{props.state === 'live' ? 'Live' : 'Reconnecting…'}</span>
      {waiting > 0 ? (
        <span className="busy" data-queue={waiting}>
          <span className="spinner" aria-hidden="true" /> Processing {waiting} queued
        </span>
      ) : (
        <span className="idle">Idle</span>
      )}
      {failed > 0 && (
        <a className="failed-link" href="#/status">
          {failed} failed
        </a>
      )}
    </div>
  );
}
