import type { SettingView } from '../api-types.ts';
import type { Draft } from './draft.ts';

/** What every control of a setting carries: its id, its description and its error state. */
export interface ControlProps {
  setting: SettingView;
  id: string;
  describedBy: string;
  invalid: boolean;
  draft: Draft;
  onChange(draft: Draft): void;
}

/**
 * A choice as radio buttons, each with the effect of picking it, so a person reads what every
 * value does before picking one (a select would hide all but the current one).
 */
function Choices(props: ControlProps) {
  const s = props.setting;
  return (
    <div
      className="choices"
      role="radiogroup"
      aria-labelledby={`${props.id}-label`}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
    >
      {(s.choices ?? []).map((choice) => (
        <label key={choice} className="choice">
          <input
            type="radio"
            name={props.id}
            value={choice}
            aria-label={choice}
            aria-describedby={s.effects?.[choice] ? `${props.id}-${choice}` : undefined}
            checked={props.draft === choice}
            onChange={() => props.onChange(choice)}
          />
          <span className="choice-name">{choice}</span>
          {s.effects?.[choice] && (
            <span className="choice-effect" id={`${props.id}-${choice}`}>
              {s.effects[choice]}
            </span>
          )}
        </label>
      ))}
    </div>
  );
}

/** The input of one setting: a switch, a choice, or text (numbers and lists are typed). */
export function SettingControl(props: ControlProps) {
  const common = {
    id: props.id,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid || undefined,
  };
  switch (props.setting.input) {
    case 'boolean':
      return (
        <input
          {...common}
          type="checkbox"
          checked={props.draft === true}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      );
    case 'choice':
      return <Choices {...props} />;
    default:
      return (
        <input
          {...common}
          type="text"
          inputMode={props.setting.input === 'integer' ? 'numeric' : undefined}
          value={String(props.draft)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
  }
}
