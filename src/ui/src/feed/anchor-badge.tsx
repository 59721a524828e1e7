import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import type { AnchorVerdict } from '../api-types.ts';

type Listener = (verdict: AnchorVerdict | null) => void;

/** Cards asking in the same tick share one request (a page of 30 cards: one call). */
const waiting = new Map<number, Listener[]>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  const batch = new Map(waiting);
  waiting.clear();
  const ids = [...batch.keys()];
  for (let from = 0; from < ids.length; from += 100) {
    const chunk = ids.slice(from, from + 100);
    api.anchors(chunk).then(
      (answer) => {
        for (const id of chunk)
          for (const listener of batch.get(id) ?? []) listener(answer.items[id] ?? null);
      },
      () => undefined, // An older worker without anchors: the cards just show no badge.
    );
  }
}

function askFor(id: number, listener: Listener): void {
  waiting.set(id, [...(waiting.get(id) ?? []), listener]);
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(flush);
  }
}

const LABELS: Record<AnchorVerdict['state'], string> = {
  fresh: 'Code unchanged',
  changed: 'Code changed',
  gone: 'Code gone',
  unknown: 'Code not checked',
};

const fileList = (verdict: AnchorVerdict): string =>
  verdict.files
    .filter((file) => file.state === verdict.state)
    .map((file) => file.path)
    .join(', ');

/**
 * Whether the code an observation describes is still as it was; a changed one can be
 * re-confirmed (re-anchored to the files as they are now).
 */
export function AnchorBadge(props: { id: number }) {
  const [verdict, setVerdict] = useState<AnchorVerdict | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    askFor(props.id, (answer) => live && setVerdict(answer));
    return () => {
      live = false;
    };
  }, [props.id]);
  if (!verdict) return null;
  const stale = verdict.state === 'changed' || verdict.state === 'gone';
  const accept = () => {
    setBusy(true);
    api.acceptAnchors(props.id).then(
      (answer) => {
        setBusy(false);
        setVerdict(answer.anchor);
      },
      () => setBusy(false),
    );
  };
  return (
    <p className={`anchor anchor-${verdict.state}`} data-anchor={verdict.state}>
      <span className="badge">{LABELS[verdict.state]}</span>
      {stale && <span className="anchor-files">{fileList(verdict)}</span>}
      {stale && (
        <button type="button" disabled={busy} onClick={accept}>
          Still true
        </button>
      )}
    </p>
  );
}
