import type { Project } from '../api-types.ts';

/** The project picker of the feed's and the overview's filters; `''` is all projects. */
export function ProjectField(props: {
  id: string;
  value: string;
  projects: readonly Project[];
  onChange(project: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${props.id}-project`}>Project</label>
      <select
        id={`${props.id}-project`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">All projects</option>
        {props.projects.map((p) => (
          <option key={p.name} value={p.name}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
