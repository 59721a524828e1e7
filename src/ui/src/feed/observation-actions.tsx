import { useEffect, useRef, useState } from 'react';
import { api } from '../api.ts';
import type { FeedItem, ObservationItem } from '../api-types.ts';
import { ErrorLine } from '../shared/error-line.tsx';

/** What a card reports after a change it made through the API. */
export interface CardEvents {
  onChanged(item: FeedItem): void;
  onDeleted(item: ObservationItem): void;
}

/**
 * Pin or unpin, share or unshare, edit, and delete after an explicit confirmation (no browser
 * dialog). A teammate's memory is read-only here: only pinning (personal) is offered.
 */
export function ObservationActions(props: { item: ObservationItem; onEdit(): void } & CardEvents) {
  const o = props.item;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const run = (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    action().then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };
  const pin = () => run(async () => props.onChanged(await api.pin(o.id, !o.pinned)));
  const shared = o.scope === 'team';
  const share = () => run(async () => props.onChanged(await api.share(o.id, !shared)));
  const remove = () =>
    run(async () => {
      await api.remove(o.id);
      props.onDeleted(o);
    });

  if (confirming) {
    return (
      <div className="actions confirm" role="group" aria-label="Confirm delete">
        <span>Delete this observation for good?</span>
        <button type="button" className="danger" disabled={busy} onClick={remove}>
          Delete
        </button>
        <button type="button" ref={cancelRef} onClick={() => setConfirming(false)}>
          Cancel
        </button>
        <ErrorLine error={error} />
      </div>
    );
  }
  return (
    <div className="actions">
      <button type="button" aria-pressed={o.pinned} disabled={busy} onClick={pin}>
        {o.pinned ? 'Unpin' : 'Pin'}
      </button>
      {o.author === null && (
        <>
          <button type="button" aria-pressed={shared} disabled={busy} onClick={share}>
            {shared ? 'Unshare' : 'Share'}
          </button>
          <button type="button" onClick={props.onEdit}>
            Edit
          </button>
          <button type="button" className="danger-quiet" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </>
      )}
      <ErrorLine error={error} />
    </div>
  );
}
