import { useState } from 'react';
import { api } from '../api.ts';
import type { FeedItem, SummaryItem } from '../api-types.ts';

/** Share or unshare one of this machine's summaries (a teammate's has no actions). */
export function SummaryActions(props: { item: SummaryItem; onChanged(item: FeedItem): void }) {
  const s = props.item;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (s.author !== null) return null;
  const shared = s.scope === 'team';
  const toggle = () => {
    setBusy(true);
    setError(undefined);
    api.shareSummary(s.id, !shared).then(
      (answer) => {
        setBusy(false);
        props.onChanged({ ...s, scope: answer.scope });
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };
  return (
    <div className="actions">
      <button type="button" aria-pressed={shared} disabled={busy} onClick={toggle}>
        {shared ? 'Unshare' : 'Share'}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
