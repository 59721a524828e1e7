import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '../api.ts';
import type { ObservationItem } from '../api-types.ts';
import { ErrorLine } from '../shared/error-line.tsx';

/** Edits title, narrative and facts (one per line) in place. */
export function EditForm(props: {
  item: ObservationItem;
  onSaved(item: ObservationItem): void;
  onCancel(): void;
}) {
  const id = useId();
  const [title, setTitle] = useState(props.item.title);
  const [narrative, setNarrative] = useState(props.item.narrative);
  const [facts, setFacts] = useState(props.item.facts.join('\n'));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const list = facts
      .split('\n')
      .map((fact) => fact.trim())
      .filter((fact) => fact !== '');
    api
      .update(props.item.id, { title, narrative, facts: list })
      .then(props.onSaved, (failure: unknown) => {
        setSaving(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      });
  };

  return (
    <form className="edit-form" onSubmit={submit} aria-label="Edit observation">
      <label htmlFor={`${id}-title`}>Title</label>
      <input
        id={`${id}-title`}
        ref={first}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        maxLength={200}
      />
      <label htmlFor={`${id}-narrative`}>Narrative</label>
      <textarea
        id={`${id}-narrative`}
        rows={5}
        value={narrative}
        onChange={(e) => setNarrative(e.target.value)}
      />
      <label htmlFor={`${id}-facts`}>Facts (one per line)</label>
      <textarea
        id={`${id}-facts`}
        rows={4}
        value={facts}
        onChange={(e) => setFacts(e.target.value)}
      />
      <ErrorLine error={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
