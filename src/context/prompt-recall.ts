import type { Searcher } from '../search/index.ts';
import { injectedIds, type Db } from '../store/index.ts';
import { entriesOf } from './recall-entries.ts';
import type { AnchorStates } from './anchor-marks.ts';
import { applyAnchors, renderRecall, type RecallBlock } from './recall-lines.ts';
import { contentTerms, isRelevant, matchedTerms, rareTerms } from './relevance.ts';

/** One prompt to find memories for. */
export interface PromptRecallRequest {
  project: string;
  /** Claude Code session id: what it was already shown is left out. */
  sessionId: string;
  /** The prompt, private blocks already stripped. */
  prompt: string;
  maxItems: number;
  /** Anchor states of candidates: gone ones are left out, changed ones marked. */
  anchorStates?: AnchorStates | undefined;
}

/** About 500 tokens, and a byte cap far below Claude Code's ~10 KB preview cut. */
export const PROMPT_BUDGET = { maxTokens: 500, maxBytes: 2000 } as const;
const CANDIDATES = 20;
const HEADING =
  'Memories that may bear on this prompt (claude-mem; full records: get_observations with the ids):';

const NONE: RecallBlock = { text: '', ids: [] };

/**
 * Prompt-time recall: the project's observations the search ranks best for the prompt's rare
 * words, kept only when they hold enough of them (relevance.ts), never one the session was
 * already shown (its SessionStart index included) nor one of its own, within PROMPT_BUDGET.
 * Pure reads; the caller records what it injected.
 */
export async function promptRecall(
  db: Db,
  searcher: Searcher,
  request: PromptRecallRequest,
): Promise<RecallBlock> {
  const terms = contentTerms(request.prompt);
  if (terms.length === 0) return NONE;
  const rare = rareTerms(db, terms);
  if (rare.length === 0) return NONE;
  const words = rare.map(({ term }) => term);
  const found = await searcher.search({
    query: words.join(' '),
    filters: { project: request.project },
    limit: CANDIDATES,
    offset: 0,
    // Full text: a candidate must hold the prompt's rare words anyway, and a query vector
    // (the local model's inference) would cost the hook more than the whole rest of its budget.
    mode: 'fts',
  });
  const shown = injectedIds(db, request.sessionId);
  const ids = found.hits.map((hit) => hit.id).filter((id) => !shown.has(id));
  const entries = entriesOf(db, ids, request.project, request.sessionId);
  const matched = matchedTerms(
    db,
    entries.map((entry) => entry.id),
    words,
  );
  const count = (id: number): number => matched.get(id) ?? 0;
  const relevant = entries
    .filter((entry) => isRelevant(count(entry.id), rare, terms.length))
    .sort((a, b) => count(b.id) - count(a.id)); // stable: search order among equals
  const { entries: kept, marks } = applyAnchors(relevant, request.anchorStates);
  return renderRecall(HEADING, kept, { maxItems: request.maxItems, ...PROMPT_BUDGET }, { marks });
}
