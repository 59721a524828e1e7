import type { PromptItem } from '../api-types.ts';
import { TypeIcon } from '../shared/type-icon.tsx';
import { CardMeta } from './card-parts.tsx';

/** A user prompt, as captured (tags stripped, secrets redacted). */
export function PromptCard(props: { item: PromptItem }) {
  const p = props.item;
  return (
    <article className="card prompt" aria-label={`Prompt ${p.prompt_number}`} data-key={p.key}>
      <header className="card-head">
        <TypeIcon type="prompt" label="prompt" />
        <span className="kind">Prompt</span>
        <span className="id">#P{p.id}</span>
      </header>
      <p className="prompt-text">{p.text}</p>
      <CardMeta item={p} />
    </article>
  );
}
