import type { SettingView } from '../api-types.ts';
import type { Draft } from './draft.ts';

const show = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : String(value));

/** One setting: its input, description, expected form, when it applies, and its error. */
export function SettingField(props: {
  setting: SettingView;
  draft: Draft;
  error: string | undefined;
  onChange(draft: Draft): void;
}) {
  const s = props.setting;
  const id = `setting-${s.key.replaceAll('.', '-')}`;
  const described = `${id}-hint${props.error ? ` ${id}-error` : ''}`;
  const common = {
    id,
    'aria-describedby': described,
    'aria-invalid': props.error ? true : undefined,
  };
  return (
    <div className={`setting${props.error ? ' invalid' : ''}`} data-key={s.key}>
      <label htmlFor={id}>{s.key}</label>
      {s.input === 'boolean' ? (
        <input
          {...common}
          type="checkbox"
          checked={props.draft === true}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      ) : s.input === 'choice' ? (
        <select
          {...common}
          value={String(props.draft)}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {(s.choices ?? []).map((choice) => (
            <option key={choice}>{choice}</option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={s.input === 'integer' ? 'numeric' : undefined}
          value={String(props.draft)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <p className="hint" id={`${id}-hint`}>
        {s.description} Expected: {s.expected}. Default: {show(s.default) || '(empty)'}.{' '}
        <span className={`applies ${s.applies}`}>
          {s.applies === 'restart'
            ? 'Applies after a worker restart.'
            : s.applies === 'next-compression'
              ? 'Applies to the next compression.'
              : 'Applies to the next hook run.'}
        </span>
        {s.env && <span className="note"> Overridden by the environment variable {s.env}.</span>}
        {s.problem && <span className="note"> The saved value is not used: {s.problem}.</span>}
        {s.applies === 'restart' && JSON.stringify(s.running) !== JSON.stringify(s.value) && (
          <span className="note">
            {' '}
            The running worker still uses {show(s.running) || '(empty)'}.
          </span>
        )}
      </p>
      {props.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
