import { useId } from 'react';
import type { Project, SearchMode } from '../api-types.ts';
import { ProjectField } from '../shared/project-field.tsx';
import {
  AGENT_OPTIONS,
  MODE_OPTIONS,
  SCOPE_OPTIONS,
  TYPE_OPTIONS,
  type FilterOption,
} from './filter-options.ts';

/** A menu's options, from its list in filter-options.ts. */
const optionsOf = (options: FilterOption[]) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

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

/** Project, type, scope and author filters, the search box and its mode. */
export function Filters(props: {
  values: FilterValues;
  projects: Project[];
  onChange(values: FilterValues): void;
}) {
  const id = useId();
  const v = props.values;
  const set = (patch: Partial<FilterValues>) => props.onChange({ ...v, ...patch });
  return (
    <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="field search-field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Search observations…"
          value={v.query}
          onChange={(e) => set({ query: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select
          id={`${id}-mode`}
          value={v.mode}
          onChange={(e) => set({ mode: e.target.value as SearchMode })}
        >
          {optionsOf(MODE_OPTIONS)}
        </select>
      </div>
      <ProjectField
        id={id}
        value={v.project}
        projects={props.projects}
        onChange={(project) => set({ project })}
      />
      <div className="field">
        <label htmlFor={`${id}-agent`}>Agent</label>
        <select id={`${id}-agent`} value={v.agent} onChange={(e) => set({ agent: e.target.value })}>
          {optionsOf(AGENT_OPTIONS)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={v.type} onChange={(e) => set({ type: e.target.value })}>
          {optionsOf(TYPE_OPTIONS)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-scope`}>Scope</label>
        <select id={`${id}-scope`} value={v.scope} onChange={(e) => set({ scope: e.target.value })}>
          {optionsOf(SCOPE_OPTIONS)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-author`}>Author</label>
        <input
          id={`${id}-author`}
          type="text"
          placeholder="teammate, or me"
          value={v.author}
          onChange={(e) => set({ author: e.target.value })}
        />
      </div>
    </form>
  );
}
