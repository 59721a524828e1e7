import { useId } from 'react';
import type { Changeset, Project } from '../api-types.ts';
import { ErrorLine } from '../shared/error-line.tsx';
import { ProjectField } from '../shared/project-field.tsx';
import { useConsolidation } from './use-consolidation.ts';

/** The proposal as the CLI prints it: each merge's kept memory, the ones folded in, the drops. */
function ProposalDiff(props: { changeset: Changeset }) {
  const { merges, drops } = props.changeset;
  if (merges.length + drops.length === 0) return <p className="hint">Nothing to consolidate.</p>;
  return (
    <ul className="consolidation-diff" aria-label="Proposed changes">
      {merges.map((merge) => (
        <li key={merge.into} className="merge">
          <div className="kept">
            = #{merge.into} {merge.titles[0]}
          </div>
          {merge.from.map((id, i) => (
            <div key={id} className="folded">
              − #{id} {merge.titles[i + 1]}
            </div>
          ))}
        </li>
      ))}
      {drops.map((drop) => (
        <li key={drop.id} className="drop">
          drop #{drop.id} ({drop.reason}): {drop.title}
        </li>
      ))}
    </ul>
  );
}

/**
 * Consolidation (issue 34): the project's proposal as a diff, applied only by the button, and
 * the journal with an undo per entry. Nothing here deletes for good.
 */
export function ConsolidatePage(props: {
  projects: Project[];
  project: string;
  onProject(project: string): void;
  onChange(): void;
}) {
  const id = useId();
  const project = props.project || props.projects[0]?.name || '';
  const { view, error, apply, undo } = useConsolidation(project);
  const proposal = view?.proposal;
  const changes = proposal ? proposal.merges.length + proposal.drops.length : 0;
  return (
    <main className="page consolidate-page" id="main">
      <div className="filters">
        <ProjectField value={project} projects={props.projects} onChange={props.onProject} />
      </div>
      <ErrorLine error={error} />
      <section className="panel" aria-labelledby={`${id}-proposal`}>
        <h2 id={`${id}-proposal`}>Proposal</h2>
        <p className="hint">
          {proposal
            ? `${proposal.merges.length} merges, ${proposal.drops.length} drops, of ${proposal.considered} memories of your own (unshared).`
            : 'Loading the proposal…'}
        </p>
        {proposal && <ProposalDiff changeset={proposal} />}
        <button
          type="button"
          disabled={changes === 0}
          onClick={() => void apply().then(props.onChange)}
        >
          Apply
        </button>
      </section>
      <section className="panel" aria-labelledby={`${id}-journal`}>
        <h2 id={`${id}-journal`}>Journal</h2>
        <ul className="consolidation-journal">
          {(view?.journal ?? []).map((entry) => (
            <li key={entry.id}>
              #{entry.id} {new Date(entry.createdAt).toLocaleString()}: {entry.merged} merged,{' '}
              {entry.dropped} dropped{entry.undoneAt !== null ? ' (undone)' : ''}{' '}
              {entry.undoneAt === null && (
                <button type="button" onClick={() => void undo(entry.id).then(props.onChange)}>
                  Undo #{entry.id}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
