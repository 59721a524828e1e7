import type { Scope } from '../api-types.ts';
import { useRefusal } from './use-refused.ts';

/**
 * Whose memory a card is and who sees it: `Team · alice` for a teammate's (read-only here),
 * `Team` for one of ours that is shared (and, when the push refused it, why), nothing for a
 * private one.
 */
export function TeamBadge(props: {
  kind: 'observation' | 'summary';
  id: number;
  scope: Scope;
  author: string | null;
}) {
  const refusal = useRefusal(props.kind, props.id);
  if (props.author) {
    return (
      <span className="badge team" title={`${props.author}'s team memory: read-only here`}>
        Team · {props.author}
      </span>
    );
  }
  if (props.scope !== 'team') return null;
  return (
    <>
      <span className="badge team" title="Shared with the team">
        Team
      </span>
      {refusal && (
        <span className="badge refused" role="note" title="Edit it or unshare it">
          {refusal}
        </span>
      )}
    </>
  );
}
