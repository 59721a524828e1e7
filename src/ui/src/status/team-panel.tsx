import { useState } from 'react';
import { api } from '../api.ts';
import type { TeamRefusal, TeamStatus } from '../api-types.ts';
import { count, when } from '../shared/format.ts';

const at = (ms: number | null): string => (ms === null ? 'never' : when(ms));

/** The connection in words: not configured, connected, or waiting for the next round. */
function connection(status: TeamStatus): string {
  if (!status.configured) return 'not configured (claude-mem team connect <url> --team <name>)';
  const who = status.role ? ` as ${status.role}` : '';
  return status.connected ? `connected${who}` : 'not connected (retried every round)';
}

/**
 * One refused row: its reason, and Unshare, which makes it private (nothing is sent, and the
 * refusal leaves the outbox with the next push); editing it on its card also clears it.
 */
function Refused(props: { row: TeamRefusal; onChanged(): void }) {
  const { row } = props;
  const [message, setMessage] = useState<string>();
  const unshare = () => {
    const done = row.kind === 'summary' ? api.shareSummary : api.share;
    done(row.item_id, false).then(
      () => {
        setMessage('Unshared: it stays on this machine.');
        props.onChanged();
      },
      (failure: unknown) => setMessage(String(failure)),
    );
  };
  return (
    <li data-testid="team-refused">
      <strong>
        {row.kind} {row.item_id}
      </strong>
      <p className="reason">{row.reason}</p>
      <div className="actions">
        <button type="button" onClick={unshare}>
          Unshare
        </button>
        <a href="#/">Edit it on its card in Memory</a>
        {message && <p role="status">{message}</p>}
      </div>
    </li>
  );
}

/**
 * Team memory's sync: the connection, the last push and pull, what waits in the outbox, the
 * last error, and the rows the push refused (a secret still matched) with why and how to fix.
 */
export function TeamPanel(props: { status: TeamStatus; onChanged(): void }) {
  const { status } = props;
  const refused = status.backlog.refused;
  const push = status.lastPush;
  return (
    <section className="panel" aria-labelledby="team-heading">
      <h2 id="team-heading">Team</h2>
      <dl className="facts-grid">
        <dt>Connection</dt>
        <dd data-testid="team-connection">{connection(status)}</dd>
        {status.configured && (
          <>
            <dt>Team</dt>
            <dd data-testid="team-name">
              {status.team}
              {status.url ? ` on ${status.url}` : ''}
            </dd>
            <dt>Last sync</dt>
            <dd>
              {at(status.lastSuccessAt)} (last try {at(status.lastRoundAt)})
            </dd>
            <dt>Last push</dt>
            <dd>
              {push
                ? `${count(push.pushed)} sent, ${count(push.deleted)} deleted, ${count(push.refused)} refused, ${count(push.waiting)} waiting for a project identity`
                : 'none yet'}
            </dd>
            <dt>Last pull</dt>
            <dd>{count(status.lastPulled)} rows</dd>
          </>
        )}
        <dt>Backlog</dt>
        <dd data-testid="team-backlog">
          {count(status.backlog.queued)} queued, {count(refused.length)} refused
        </dd>
        {(status.setAside?.count ?? 0) > 0 && (
          <>
            <dt>Set aside at pull</dt>
            <dd data-testid="team-set-aside">
              {count(status.setAside?.count ?? 0)} rows that could not be stored
              {status.setAside?.recent[0] ? ` (newest: ${status.setAside.recent[0].reason})` : ''}
            </dd>
          </>
        )}
        {status.lastError && (
          <>
            <dt>Last error</dt>
            <dd data-testid="team-error">{status.lastError}</dd>
          </>
        )}
      </dl>
      {refused.length > 0 && (
        <>
          <h3>Refused at push</h3>
          <ul className="failed-list">
            {refused.map((row) => (
              <Refused key={`${row.kind}-${row.item_id}`} row={row} onChanged={props.onChanged} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
