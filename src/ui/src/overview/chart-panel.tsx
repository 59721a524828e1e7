import { useId, type ReactNode } from 'react';

/**
 * A titled panel around one chart. `summary` says in words what the chart shows (read by screen
 * readers and shown under the title); `empty` replaces the chart when there is nothing to draw.
 */
export function ChartPanel(props: {
  title: string;
  summary: string;
  empty?: string | undefined;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="panel chart-panel" aria-labelledby={id} data-testid={props.testId}>
      <h2 id={id}>{props.title}</h2>
      <p className="chart-summary">{props.summary}</p>
      {props.empty ? <p className="hint">{props.empty}</p> : <figure>{props.children}</figure>}
    </section>
  );
}
