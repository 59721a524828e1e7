import type { SettingView } from '../api-types.ts';
import type { Draft } from './draft.ts';
import { SettingControl } from './setting-control.tsx';
import { appliesText, showValue } from './setting-words.ts';

/** Why the value shown is not (or not yet) the one in use: the environment, the file, a restart. */
function Notes(props: { setting: SettingView }) {
  const s = props.setting;
  const stale = s.applies === 'restart' && JSON.stringify(s.running) !== JSON.stringify(s.value);
  if (!s.env && !s.problem && !stale) return null;
  return (
    <p className="note">
      {s.env && <span> Overridden by the environment variable {s.env}.</span>}
      {s.problem && <span> The saved value is not used: {s.problem}.</span>}
      {stale && <span> The running worker still uses {showValue(s, s.running)}.</span>}
    </p>
  );
}

/**
 * One setting: its plain label and what it changes (the effect of the switch's current state),
 * the control, its default, when it applies and the raw key for scripts, and its error.
 */
export function SettingField(props: {
  setting: SettingView;
  draft: Draft;
  error: string | undefined;
  /** Left out by a search: kept in the page (and its draft kept) but not shown. */
  hidden?: boolean;
  onChange(draft: Draft): void;
}) {
  const s = props.setting;
  const id = `setting-${s.key.replaceAll('.', '-')}`;
  const describedBy = `${id}-help${props.error ? ` ${id}-error` : ''}`;
  const effect = s.input === 'boolean' ? s.effects?.[String(props.draft === true)] : undefined;
  return (
    <div
      className={`setting input-${s.input}${props.error ? ' invalid' : ''}`}
      data-key={s.key}
      hidden={props.hidden}
    >
      <div className="setting-words">
        {s.input === 'choice' ? (
          <span className="setting-label" id={`${id}-label`}>
            {s.label}
          </span>
        ) : (
          <label className="setting-label" id={`${id}-label`} htmlFor={id}>
            {s.label}
          </label>
        )}
        <p className="help" id={`${id}-help`}>
          {s.help}
          {effect && <span className="effect"> {effect}</span>}
        </p>
      </div>
      <div className="setting-control">
        <SettingControl
          setting={s}
          id={id}
          describedBy={describedBy}
          invalid={props.error !== undefined}
          draft={props.draft}
          onChange={props.onChange}
        />
      </div>
      {props.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
      <div className="meta">
        <span className="default">Default: {showValue(s, s.default)}.</span>{' '}
        <span className={`applies ${s.applies}`}>{appliesText(s)}</span>{' '}
        <code className="raw-key" title="The key for settings.json and claude-mem config set">
          {s.key}
        </code>{' '}
        <details className="more">
          <summary>Details</summary>
          {s.description} Expected: {s.expected}.
        </details>
      </div>
      <Notes setting={s} />
    </div>
  );
}
