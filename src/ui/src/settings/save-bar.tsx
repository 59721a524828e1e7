import type { Outcome } from './use-settings.ts';

/** The sticky bar under the settings: save, discard, how many changes wait, what the save said. */
export function SaveBar(props: {
  saving: boolean;
  ready: boolean;
  unsaved: number;
  outcome: Outcome | undefined;
  onDiscard(): void;
}) {
  const { unsaved, outcome } = props;
  return (
    <div className="save-bar">
      <button type="submit" className="primary" disabled={props.saving || !props.ready}>
        Save settings
      </button>
      <button type="button" onClick={props.onDiscard} disabled={unsaved === 0}>
        Discard changes
      </button>
      {unsaved > 0 && (
        <span className="unsaved">
          {unsaved} unsaved change{unsaved === 1 ? '' : 's'}
        </span>
      )}
      {outcome && (
        <p
          className={outcome.kind === 'error' ? 'error' : 'ok'}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
