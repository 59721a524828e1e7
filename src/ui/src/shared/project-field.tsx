import type { Project } from '../api-types.ts';
import { SelectField } from './select-field.tsx';

/** The project picker of the feed's and the overview's filters; `''` is all projects. */
export function ProjectField(props: {
  value: string;
  projects: readonly Project[];
  onChange(project: string): void;
}) {
  const choices = [
    { value: '', label: 'All projects' },
    ...props.projects.map((p) => ({ value: p.name, label: p.name })),
  ];
  return (
    <SelectField label="Project" value={props.value} choices={choices} onChange={props.onChange} />
  );
}
