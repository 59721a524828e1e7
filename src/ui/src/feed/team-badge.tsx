/**
 * Whose memory a card is and who sees it: `Team · alice` for a teammate's (read-only here),
 * `Team` for one of ours that is shared, nothing for a private one.
 */
export function TeamBadge(props: { scope: 'private' | 'team'; author: string | null }) {
  if (props.author) {
    return (
      <span className="badge team" title={`${props.author}'s team memory: read-only here`}>
        Team · {props.author}
      </span>
    );
  }
  if (props.scope !== 'team') return null;
  return (
    <span className="badge team" title="Shared with the team">
      Team
    </span>
  );
}
