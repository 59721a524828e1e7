import type { FeedItem, SummaryItem } from '../api-types.ts';
import { TypeIcon } from '../shared/type-icon.tsx';
import { CardMeta, FileList } from './card-parts.tsx';
import { SummaryActions } from './summary-actions.tsx';
import { TeamBadge } from './team-badge.tsx';

const FIELDS: Array<[keyof SummaryItem, string]> = [
  ['request', 'Request'],
  ['investigated', 'Investigated'],
  ['learned', 'Learned'],
  ['completed', 'Completed'],
  ['next_steps', 'Next steps'],
  ['notes', 'Notes'],
];

/** A turn's summary: what was asked, investigated, learned, completed, and what comes next. */
export function SummaryCard(props: { item: SummaryItem; onChanged(item: FeedItem): void }) {
  const s = props.item;
  return (
    <article
      className="card summary"
      aria-label={`Summary of prompt ${s.prompt_number}`}
      data-key={s.key}
    >
      <header className="card-head">
        <TypeIcon type="summary" label="summary" />
        <span className="kind">Summary</span>
        <TeamBadge kind="summary" id={s.id} scope={s.scope} author={s.author} />
        <span className="id">#S{s.id}</span>
      </header>
      <dl className="summary-fields">
        {FIELDS.filter(([field]) => String(s[field] ?? '').trim() !== '').map(([field, label]) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{String(s[field])}</dd>
          </div>
        ))}
      </dl>
      <FileList read={s.files_read} modified={s.files_modified} />
      <CardMeta item={s} />
      <SummaryActions item={s} onChanged={props.onChanged} />
    </article>
  );
}
