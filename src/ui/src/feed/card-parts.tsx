import type { Cost } from '../api-types.ts';
import { count, dollars, shortId, when } from '../shared/format.ts';

/** Files read and modified, as text. */
export function FileList(props: { read: string[]; modified: string[] }) {
  if (props.read.length + props.modified.length === 0) return null;
  return (
    <div className="files">
      {props.modified.length > 0 && (
        <p>
          <span className="label">Modified</span>
          {props.modified.map((file) => (
            <code key={file}>{file}</code>
          ))}
        </p>
      )}
      {props.read.length > 0 && (
        <p>
          <span className="label">Read</span>
          {props.read.map((file) => (
            <code key={file}>{file}</code>
          ))}
        </p>
      )}
    </div>
  );
}

/** Concept tags. */
export function Concepts(props: { concepts: string[] }) {
  if (props.concepts.length === 0) return null;
  return (
    <ul className="tags" aria-label="Concepts">
      {props.concepts.map((concept) => (
        <li key={concept}>{concept}</li>
      ))}
    </ul>
  );
}

/** Project, session, prompt number, time, and for compressed items tokens and cost. */
export function CardMeta(props: {
  project: string;
  session: string | null;
  prompt: number | null;
  at: number;
  usage?: { tokensIn: number; tokensOut: number; cost: Cost; provider: string };
}) {
  const u = props.usage;
  return (
    <p className="card-meta">
      <span>{props.project}</span>
      <span title={props.session ?? undefined}>
        {props.session ? `session ${shortId(props.session)}` : 'no session'}
      </span>
      {props.prompt !== null && <span>prompt {props.prompt} of the session</span>}
      <span>{when(props.at)}</span>
      {u && (
        <span title={`${u.provider}: ${u.cost.note}`}>
          {u.provider} · {count(u.tokensIn)} in / {count(u.tokensOut)} out tokens ·{' '}
          {dollars(u.cost.usd)}
        </span>
      )}
    </p>
  );
}
