import { useState } from 'react';
import type { ObservationItem } from '../api-types.ts';
import { TypeIcon } from '../shared/type-icon.tsx';
import { AnchorBadge } from './anchor-badge.tsx';
import { CardMeta, Concepts, FileList } from './card-parts.tsx';
import { EditForm } from './edit-form.tsx';
import { ObservationActions, type CardEvents } from './observation-actions.tsx';
import { TeamBadge } from './team-badge.tsx';

/** An observation: type, title, subtitle, facts, narrative, files, concepts, where and cost. */
export function ObservationCard(props: { item: ObservationItem } & CardEvents) {
  const o = props.item;
  const [editing, setEditing] = useState(false);
  const titleId = `title-${o.key.replace(':', '-')}`;
  return (
    <article
      className={`card observation type-${o.type}`}
      aria-labelledby={titleId}
      data-key={o.key}
    >
      <header className="card-head">
        <TypeIcon type={o.type} label={o.type} />
        <span className="kind">{o.type}</span>
        {o.pinned && (
          <span className="badge pinned">
            <TypeIcon type="pin" /> Pinned
          </span>
        )}
        <TeamBadge kind="observation" id={o.id} scope={o.scope} author={o.author} />
        <span className="id">#{o.id}</span>
      </header>
      {editing ? (
        <EditForm
          item={o}
          onSaved={(item) => {
            setEditing(false);
            props.onChanged(item);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <h3 className="card-title" id={titleId}>
            {o.title}
          </h3>
          {o.subtitle && <p className="subtitle">{o.subtitle}</p>}
          {o.facts.length > 0 && (
            <ul className="facts">
              {o.facts.map((fact, index) => (
                <li key={index}>{fact}</li>
              ))}
            </ul>
          )}
          {o.narrative && (
            <details className="narrative">
              <summary>Narrative</summary>
              <p>{o.narrative}</p>
            </details>
          )}
        </>
      )}
      <FileList read={o.files_read} modified={o.files_modified} />
      <AnchorBadge id={o.id} />
      <Concepts concepts={o.concepts} />
      <CardMeta item={o} />
      {!editing && (
        <ObservationActions
          item={o}
          onEdit={() => setEditing(true)}
          onChanged={props.onChanged}
          onDeleted={props.onDeleted}
        />
      )}
    </article>
  );
}
