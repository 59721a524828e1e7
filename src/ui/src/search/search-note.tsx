import { OBSERVATION_TYPES } from '../api-types.ts';

/** Says what the list shows while a search is active. */
export function SearchNote(props: { query: string; type: string; count: number; more: boolean }) {
  const kindFilter =
    props.type !== '' && !(OBSERVATION_TYPES as readonly string[]).includes(props.type);
  return (
    <p className="search-note" role="status">
      {props.count === 0
        ? `No observations match “${props.query}”`
        : `${props.count}${props.more ? '+' : ''} observation${props.count === 1 ? '' : 's'} match “${props.query}”`}
      {kindFilter && ' (search covers observations only)'}
    </p>
  );
}
