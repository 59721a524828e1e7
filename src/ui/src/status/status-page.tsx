import { useId, useState } from 'react';
import { FailedPanel } from './failed-panel.tsx';
import { ProviderPanel } from './provider-panel.tsx';
import { RecallPanel } from './recall-panel.tsx';
import { TeamPanel } from './team-panel.tsx';
import { useStatus } from './use-status.ts';
import './status.css';
import { ErrorLine } from '../shared/error-line.tsx';
import { SelectField } from '../shared/select-field.tsx';

const LINE_CHOICES = [50, 200, 1000].map((n) => ({ value: n, label: String(n) }));

/** Provider and budget, the embedder and its progress, team sync and its refused rows, failed events with retry, and the end of the log. */
export function StatusPage() {
  const id = useId();
  const [lines, setLines] = useState(200);
  const status = useStatus(lines);
  return (
    <main className="page status-page" id="main">
      <ErrorLine error={status.error} />
      {status.compression ? (
        <ProviderPanel status={status.compression} />
      ) : (
        <p className="hint">Loading status…</p>
      )}
      {status.recall && <RecallPanel status={status.recall} injections={status.injections} />}
      {status.team && <TeamPanel status={status.team} onChanged={status.reload} />}
      <FailedPanel failed={status.failed} onRetried={status.reload} />
      <section className="panel logs" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Recent log lines</h2>
        <SelectField
          label="Lines"
          value={lines}
          choices={LINE_CHOICES}
          onChange={(n) => setLines(Number(n))}
        />
        <pre className="log-lines" tabIndex={0}>
          {status.log.join('\n') || 'The log is empty.'}
        </pre>
      </section>
    </main>
  );
}
