import type { AnchorVerdict } from './anchor-verdict.ts';
import type { ObservationFields } from './memory.ts';

/** One search hit as GET /api/search returns it. */
export interface SearchItem {
  id: number;
  created_at: number;
  date: string;
  type: string;
  title: string;
  subtitle: string;
  project: string;
  session_id: string | null;
  pinned: boolean;
  tokens: number;
  score: number;
  /** Team memory: `team` when shared; `author` is a teammate's name when pulled from the team. */
  scope?: string | undefined;
  author?: string | null | undefined;
  anchor?: AnchorVerdict | null | undefined;
}

/** One timeline entry as GET /api/timeline returns it. */
export interface TimelineEntry {
  ref: string;
  kind: string;
  date: string;
  type: string;
  title: string;
  anchor: boolean;
}

/** A full record as GET /api/observations/:id and POST /api/observations/batch return it. */
export interface ObservationDetail extends ObservationFields {
  id: number;
  date: string;
  project: string;
  session_id: string | null;
  pinned: boolean;
  /** Team memory: `team` when shared; `author` is a teammate's name when pulled from the team. */
  scope?: string | undefined;
  author?: string | null | undefined;
  anchor?: AnchorVerdict | null | undefined;
}
