import { useId, type ReactNode } from 'react';

/** One `<option>` of a menu. */
export interface Choice {
  value: string | number;
  label: string;
}

/** A labelled menu in a form's `field` row; `children` follow it in the row (a button). */
export function SelectField(props: {
  label: string;
  value: string | number;
  choices: readonly Choice[];
  onChange(value: string): void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {props.children}
    </div>
  );
}
