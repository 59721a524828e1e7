import type { FeedItem } from '../api-types.ts';
import { count, dollars, shortId, when } from '../shared/format.ts';

/** One labelled line of file names; nothing when there are none. */
function FileLine(props: { label: string; files: string[] }) {
  if (props.files.length === 0) return null;
  return (
    <p>
      <span className="label">{props.label}</span>
      {props.files.map((file) => (
        <code key={file}>{file}</code>
      ))}
    </p>
  );
}

/** Files read and modified, as text. */
export function FileList(props: { read: string[]; modified: string[] }) {
  if (props.read.length + props.modified.length === 0) return null;
  return (
    <div className="files">
      <FileLine label="Modified" files={props.modified} />
      <FileLine label="Read" files={props.read} />
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
export function CardMeta({ item }: { item: FeedItem }) {
  const spent = item.kind === 'prompt' ? undefined : item;
  return (
    <p className="card-meta">
      <span>{item.project}</span>
      <span title={item.session_id ?? undefined}>
        {item.session_id ? `session ${shortId(item.session_id)}` : 'no session'}
      </span>
      {item.prompt_number !== null && <span>prompt {item.prompt_number} of the session</span>}
      <span>{when(item.created_at)}</span>
      {spent && (
        <span title={`${spent.provider}: ${spent.cost.note}`}>
          {spent.provider} · {count(spent.tokens_in)} in / {count(spent.tokens_out)} out tokens ·{' '}
          {dollars(spent.cost.usd)}
        </span>
      )}
    </p>
  );
}
