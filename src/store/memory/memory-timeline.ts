import { stmt, type Db } from '../statements.ts';

/** One entry of a timeline: an observation, a turn summary or a user prompt. */
export interface TimelineItem {
  kind: 'observation' | 'summary' | 'prompt';
  id: number;
  session_id: string | null;
  created_at: number;
  /** Observation title, summary request (or completed), prompt text: shortened. */
  title: string;
  /** Observation type; empty for the others. */
  type: string;
}

const TITLE_CHARS = 200;

const SELECTS: Record<TimelineItem['kind'], string> = {
  observation: `SELECT 'observation' AS kind, o.id, s.session_id, o.created_at,
      substr(o.title, 1, ${TITLE_CHARS}) AS title, o.type
    FROM observations o LEFT JOIN sessions s ON s.id = o.session_id WHERE o.project = @project`,
  summary: `SELECT 'summary' AS kind, m.id, s.session_id, m.created_at,
      substr(CASE WHEN m.request <> '' THEN m.request ELSE m.completed END, 1, ${TITLE_CHARS})
        AS title, '' AS type
    FROM summaries m JOIN sessions s ON s.id = m.session_id WHERE m.project = @project`,
  prompt: `SELECT 'prompt' AS kind, p.id, s.session_id, p.created_at,
      substr(p.text, 1, ${TITLE_CHARS}) AS title, '' AS type
    FROM prompts p JOIN sessions s ON s.id = p.session_id WHERE p.project = @project`,
};

const KINDS = Object.keys(SELECTS) as Array<TimelineItem['kind']>;
const KIND_ORDER: Record<TimelineItem['kind'], number> = { prompt: 0, observation: 1, summary: 2 };

/** Time order: creation time, then prompt before observation before summary, then id. */
export function compareTimeline(a: TimelineItem, b: TimelineItem): number {
  return a.created_at - b.created_at || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id;
}

/** One timeline item by kind and id, with its project, or undefined. */
export function timelineItem(
  db: Db,
  kind: TimelineItem['kind'],
  id: number,
): (TimelineItem & { project: string }) | undefined {
  const table = { observation: 'observations', summary: 'summaries', prompt: 'prompts' }[kind];
  const row = stmt(db, `SELECT project FROM ${table} WHERE id = ?`).get(id) as
    { project: string } | undefined;
  if (!row) return undefined;
  const found = stmt(db, `SELECT * FROM (${SELECTS[kind]}) WHERE id = @id`).get({
    project: row.project,
    id,
  }) as TimelineItem | undefined;
  return found && { ...found, project: row.project };
}

/** SQL for rows of `kind` at the anchor's time that sort before (or after) the anchor. */
function tieClause(kind: TimelineItem['kind'], anchor: TimelineItem, side: 'before' | 'after') {
  if (kind === anchor.kind) return side === 'before' ? 'id < @id' : 'id > @id';
  const earlier = KIND_ORDER[kind] < KIND_ORDER[anchor.kind];
  return earlier === (side === 'before') ? '1' : '0';
}

function side(
  db: Db,
  project: string,
  anchor: TimelineItem,
  which: 'before' | 'after',
  n: number,
): TimelineItem[] {
  if (n === 0) return [];
  const rows = KINDS.flatMap((kind) => {
    const [cmp, order] = which === 'before' ? ['<', 'DESC'] : ['>', 'ASC'];
    const sql = `SELECT * FROM (${SELECTS[kind]})
      WHERE created_at ${cmp}= @at AND (created_at ${cmp} @at OR ${tieClause(kind, anchor, which)})
      ORDER BY created_at ${order}, id ${order} LIMIT @n`;
    return stmt(db, sql).all({
      project,
      at: anchor.created_at,
      id: anchor.id,
      n,
    }) as TimelineItem[];
  });
  rows.sort(compareTimeline);
  return which === 'before' ? rows.slice(-n) : rows.slice(0, n);
}

/**
 * The `before` items just before `anchor` and the `after` items just after it, across
 * observations, summaries and prompts of `project`, in time order, the anchor included.
 */
export function timelineAround(
  db: Db,
  project: string,
  anchor: TimelineItem,
  depth: { before: number; after: number },
): TimelineItem[] {
  return [
    ...side(db, project, anchor, 'before', depth.before),
    anchor,
    ...side(db, project, anchor, 'after', depth.after),
  ];
}
