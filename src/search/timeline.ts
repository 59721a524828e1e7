import { timelineAround, timelineItem, type Db, type TimelineItem } from '../store/index.ts';
import { SearchInputError } from './search-input-error.ts';

/** A timeline anchor: an observation (`123`, `#123`), a summary (`S12`) or a prompt (`P7`). */
export interface Anchor {
  kind: TimelineItem['kind'];
  id: number;
}

const PREFIX: Record<string, TimelineItem['kind']> = {
  '': 'observation',
  '#': 'observation',
  s: 'summary',
  p: 'prompt',
};

/** Reads an anchor id; throws SearchInputError naming `anchor` when it is not one. */
export function parseAnchor(text: string): Anchor {
  // `#S12` and `#P7` as the viewer and the timeline print them, `S12` and `12` as typed.
  const match = /^\s*#?([sSpP]?)(\d{1,15})\s*$/.exec(text);
  const kind = match ? PREFIX[match[1]!.toLowerCase()] : undefined;
  if (!match || !kind) {
    throw new SearchInputError('anchor', 'expected an observation id (123), S<id> or P<id>');
  }
  return { kind, id: Number(match[2]) };
}

/** The name an item is shown and asked for by: `123`, `S12`, `P7`. */
export const itemRef = (item: Pick<TimelineItem, 'kind' | 'id'>): string =>
  item.kind === 'observation'
    ? String(item.id)
    : `${item.kind === 'summary' ? 'S' : 'P'}${item.id}`;

/** A timeline: the anchor, its project, and the items around it in time order. */
export interface Timeline {
  project: string;
  anchor: TimelineItem;
  items: TimelineItem[];
}

/**
 * Observations, summaries and prompts of the anchor's project around it: `before` items before,
 * `after` after. Throws SearchInputError when the anchor does not exist (or is in another
 * project than `project`, when given).
 */
export function buildTimeline(
  db: Db,
  anchor: Anchor,
  depth: { before: number; after: number },
  project?: string,
): Timeline {
  const found = timelineItem(db, anchor.kind, anchor.id);
  if (!found || (project !== undefined && found.project !== project)) {
    throw new SearchInputError(
      'anchor',
      `no ${anchor.kind} ${itemRef(anchor)}${project ? ` in project ${project}` : ''}`,
    );
  }
  const { project: anchorProject, ...item } = found;
  return {
    project: anchorProject,
    anchor: item,
    items: timelineAround(db, anchorProject, item, depth),
  };
}
