import { useId } from 'react';
import type { Project, SearchMode } from '../api-types.ts';
import { ProjectField } from '../shared/project-field.tsx';
import { SelectField } from '../shared/select-field.tsx';
import { AGENT_OPTIONS, MODE_OPTIONS, SCOPE_OPTIONS, TYPE_OPTIONS } from './filter-options.ts';

/** What the filter bar controls. */
export interface FilterValues {
  project: string;
  type: string;
  /** Team memory: `private`, `team` or '' (both). */
  scope: string;
  /** A teammate's name, `me`, or '' (anyone). */
  author: string;
  agent: string;
  query: string;
  mode: SearchMode;
}

/** The menus that filter by one string each, in the bar's order. */
const MENUS = [
  ['agent', 'Agent', AGENT_OPTIONS],
  ['type', 'Type', TYPE_OPTIONS],
  ['scope', 'Scope', SCOPE_OPTIONS],
] as const;

/** The free-text filters: the search box (first in the bar) and the author (last). */
const TEXT_BOXES = {
  query: {
    label: 'Search',
    type: 'search',
    placeholder: 'Search observations…',
    className: 'field search-field',
  },
  author: { label: 'Author', type: 'text', placeholder: 'teammate, or me', className: 'field' },
} as const;

/** Project, type, scope and author filters, the search box and its mode. */
export function Filters(props: {
  values: FilterValues;
  projects: Project[];
  onChange(values: FilterValues): void;
}) {
  const id = useId();
  const v = props.values;
  const set = (patch: Partial<FilterValues>) => props.onChange({ ...v, ...patch });
  const textBox = (name: keyof typeof TEXT_BOXES) => {
    const box = TEXT_BOXES[name];
    return (
      <div className={box.className}>
        <label htmlFor={`${id}-${name}`}>{box.label}</label>
        <input
          id={`${id}-${name}`}
          type={box.type}
          placeholder={box.placeholder}
          value={v[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      </div>
    );
  };
  return (
    <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      {textBox('query')}
      <SelectField
        label="Mode"
        value={v.mode}
        choices={MODE_OPTIONS}
        onChange={(mode) => set({ mode: mode as SearchMode })}
      />
      <ProjectField
        value={v.project}
        projects={props.projects}
        onChange={(project) => set({ project })}
      />
      {MENUS.map(([name, label, choices]) => (
        <SelectField
          key={name}
          label={label}
          value={v[name]}
          choices={choices}
          onChange={(value) => set({ [name]: value })}
        />
      ))}
      {textBox('author')}
    </form>
  );
}
