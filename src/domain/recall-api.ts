import type { AnchorVerdict } from './anchor-verdict.ts';
import type { ObservationFields } from './memory.ts';

/** Where a memory stands, as a search hit and a full record both say it. */
interface MemoryStanding {
  id: number;
  date: string;
  project: string;
  session_id: string | null;
  pinned: boolean;
  /** Team memory: `team` when shared; `author` is a teammate's name when pulled from the team. */
  scope?: string | undefined;
  author?: string | null | undefined;
  anchor?: AnchorVerdict | null | undefined;
  /** Issue 34: how it is known (`hypothesis`, `verified`). */
  known?: Knowing | undefined;
}

/** One search hit as GET /api/search returns it. */
export interface SearchItem extends MemoryStanding {
  created_at: number;
  type: string;
  title: string;
  subtitle: string;
  tokens: number;
  score: number;
  /** Issue 34: what says it is no longer true. */
  older?: OlderThan | null | undefined;
}

/** How a memory is known: `hypothesis`, `verified`, or null when stored before it was recorded. */
export type Knowing = 'hypothesis' | 'verified' | null;

/**
 * Why a result is older: the newer memory `by`, when (ms), and whether the link is `stored`
 * (superseded) or only seen among these results (several memories on one subject).
 */
export interface OlderThan {
  by: number;
  at: number | null;
  stored: boolean;
}

/** One link of a supersession chain, oldest first (`show`, get_observations). */
export interface ChainLink {
  id: number;
  title: string;
  created_at: number;
  superseded_at: number | null;
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
export interface ObservationDetail extends ObservationFields, MemoryStanding {
  /** Issue 34: who made it known, its supersession, and the chain of its subject, oldest first. */
  known_by?: string | null | undefined;
  superseded_by?: number | null | undefined;
  superseded_at?: number | null | undefined;
  superseded_local?: number | undefined;
  chain?: ChainLink[] | undefined;
}
