import { useEffect, useId, useState } from 'react';
import { api } from '../api.ts';
import type { ContextPreview as Preview, Project } from '../api-types.ts';
import { useDebounced } from '../shared/use-debounced.ts';
import { ErrorLine } from '../shared/error-line.tsx';
import { SelectField } from '../shared/select-field.tsx';

/** The SessionStart context of a project, built with the (unsaved) context settings. */
export function ContextPreview(props: {
  projects: Project[];
  project: string;
  onProject(project: string): void;
  maxTokens: string;
  maxObservations: string;
}) {
  const id = useId();
  const [preview, setPreview] = useState<Preview>();
  const [error, setError] = useState<string>();
  const [reload, setReload] = useState(0);
  const draft = useDebounced(`${props.maxTokens}|${props.maxObservations}`, 300);
  const project = props.project || props.projects[0]?.name || '';

  useEffect(() => {
    if (!project) return;
    const [maxTokens, maxObservations] = draft.split('|');
    let current = true;
    api.contextPreview(project, maxTokens, maxObservations).then(
      (answer) => {
        if (!current) return;
        setPreview(answer);
        setError(undefined);
      },
      (failure: unknown) => {
        if (current) setError(String(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [project, draft, reload]);

  return (
    <section className="panel preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>SessionStart context preview</h2>
      <SelectField
        label="Project"
        value={project}
        choices={props.projects.map((p) => ({ value: p.name, label: p.name }))}
        onChange={props.onProject}
      >
        <button type="button" onClick={() => setReload((n) => n + 1)}>
          Refresh
        </button>
      </SelectField>
      <ErrorLine error={error} />
      {!project && <p className="empty">No projects yet.</p>}
      {preview && (
        <>
          <p className="hint">
            {preview.observations} observations, {preview.bytes} bytes; budget {preview.maxTokens}{' '}
            tokens, at most {preview.maxObservations} lines.
          </p>
          <pre className="context-text" data-testid="context-preview" tabIndex={0}>
            {preview.text}
          </pre>
        </>
      )}
    </section>
  );
}
