import { useState } from 'react';
import { api } from '../api.ts';
import type { NeverUsedMemory, ObservationItem } from '../api-types.ts';
import { EditForm } from '../feed/edit-form.tsx';
import { ErrorLine } from '../shared/error-line.tsx';
import { count } from '../shared/format.ts';

/** One never-used memory with its one-click actions: pin, edit (in place), forget, unsink. */
function NeverUsedRow(props: { memory: NeverUsedMemory; onChanged(): void }) {
  const m = props.memory;
  const [editing, setEditing] = useState<ObservationItem>();
  const [error, setError] = useState<string>();
  const run = (action: () => Promise<unknown>) =>
    action().then(props.onChanged, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : String(failure)),
    );
  const edit = () => run(async () => setEditing((await api.observations([m.id])).items[0]));
  if (editing) {
    return (
      <li data-testid={`never-used-${m.id}`}>
        <EditForm
          item={editing}
          onSaved={() => {
            setEditing(undefined);
            props.onChanged();
          }}
          onCancel={() => setEditing(undefined)}
        />
      </li>
    );
  }
  return (
    <li data-testid={`never-used-${m.id}`}>
      <span className="never-used-title">
        #{m.id} {m.title}
      </span>
      <span className="never-used-count">
        {count(m.sessions)} sessions, {count(m.tokens)} tokens, never used
      </span>
      <span className="actions">
        <button
          type="button"
          aria-pressed={m.pinned}
          onClick={() => run(() => api.pin(m.id, !m.pinned))}
        >
          {m.pinned ? 'Unpin' : 'Pin'}
        </button>
        <button type="button" onClick={edit}>
          Edit
        </button>
        <button type="button" onClick={() => run(() => api.unsink(m.id))}>
          Unsink
        </button>
        <button type="button" className="danger-quiet" onClick={() => run(() => api.remove(m.id))}>
          Forget
        </button>
      </span>
      <ErrorLine error={error} />
    </li>
  );
}

/** The memories injected into the most sessions and used in none: pin, edit, forget or unsink. */
export function NeverUsedList(props: { items: readonly NeverUsedMemory[]; onChanged(): void }) {
  return (
    <section
      className="panel never-used"
      aria-labelledby="never-used-title"
      data-testid="never-used"
    >
      <h2 id="never-used-title">Injected often, never used</h2>
      {props.items.length === 0 ? (
        <p className="hint">Every memory injected in this period was used at least once.</p>
      ) : (
        <ol>
          {props.items.map((memory) => (
            <NeverUsedRow key={memory.id} memory={memory} onChanged={props.onChanged} />
          ))}
        </ol>
      )}
    </section>
  );
}
