import { useState } from 'react';
import { api } from '../api.ts';
import type { FailedEvent } from '../api-types.ts';
import { shortId, when } from '../shared/format.ts';

/** Failed events with their reasons, and the button that queues them all again. */
export function FailedPanel(props: { failed: FailedEvent[]; onRetried(): void }) {
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    api.retry().then(
      (answer) => {
        setBusy(false);
        setMessage(
          `Queued again: ${answer.requeued.events} events, ${answer.requeued.turns} turns.`,
        );
        props.onRetried();
      },
      (failure: unknown) => {
        setBusy(false);
        setMessage(String(failure));
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="failed-heading">
      <h2 id="failed-heading">Failed events</h2>
      <div className="actions">
        <button type="button" className="primary" onClick={retry} disabled={busy}>
          Retry failed events
        </button>
        {message && <p role="status">{message}</p>}
      </div>
      {props.failed.length === 0 ? (
        <p className="empty">No failed events.</p>
      ) : (
        <ul className="failed-list">
          {props.failed.map((event) => (
            <li key={event.id}>
              <strong>{event.tool_name}</strong> in {event.project}, session{' '}
              {shortId(event.session_id)}, prompt {event.prompt_number} ({when(event.updated_at)},{' '}
              {event.attempts} attempts)
              <p className="reason">{event.reason ?? 'no reason recorded'}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
