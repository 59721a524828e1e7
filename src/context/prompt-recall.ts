import type { Searcher } from '../search/index.ts';
import { hasTeammates, injectedIds, OWN_AUTHOR, type Db } from '../store/index.ts';
import { entriesOf } from './recall-entries.ts';
import type { AnchorStates } from './anchor-marks.ts';
import { applyAnchors, ownFirst, renderRecall, type RecallBlock } from './recall-lines.ts';
import { recallTruth } from './newest-wins.ts';
import {
  codeTerms,
  contentTerms,
  matchedTerms,
  rareTerms,
  reasonOf,
  SHORT_PROMPT,
  signalTerms,
  TOPICAL_COLUMNS,
} from './relevance.ts';
import { strongest, subjectsOf } from './strongest.ts';

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
 * The ids the search ranks best for `words`. When teammates' memories are among them, one's own
 * are searched for too and come first: a teammate's many shared rows must not crowd them out
 * (issue 30). A memory with no teammate rows pays for one search, as before.
 */
async function candidates(
  db: Db,
  searcher: Searcher,
  request: PromptRecallRequest,
  words: readonly string[],
): Promise<number[]> {
  // Full text: a candidate must hold the prompt's rare words anyway, and a query vector (the
  // local model's inference) would cost the hook more than the whole rest of its budget.
  const search = (author?: string) =>
    searcher.search({
      query: words.join(' '),
      filters: { project: request.project, author },
      limit: CANDIDATES,
      offset: 0,
      mode: 'fts',
    });
  const ids = (await search()).hits.map((hit) => hit.id);
  if (!hasTeammates(db, ids)) return ids;
  const own = (await search(OWN_AUTHOR)).hits.map((hit) => hit.id);
  return [...new Set([...own, ...ids])];
}

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
  // Everyday coding words ("fix the typo in the README") are no signal, however rare.
  const signal = signalTerms(request.prompt);
  if (signal.length === 0) return NONE;
  const code = codeTerms(request.prompt);
  const rare = rareTerms(db, signal).map((r) => ({ ...r, code: code.has(r.term) }));
  if (rare.length === 0) return NONE;
  const words = rare.map(({ term }) => term);
  const shown = injectedIds(db, request.sessionId);
  const ids = (await candidates(db, searcher, request, words)).filter((id) => !shown.has(id));
  const entries = entriesOf(db, ids, request.project, request.sessionId);
  const entryIds = entries.map((entry) => entry.id);
  const matched = matchedTerms(db, entryIds, words);
  const said = matchedTerms(db, entryIds, terms);
  // Where a candidate names the words counts only for a short prompt (isRelevant).
  const topical =
    terms.length <= SHORT_PROMPT
      ? matchedTerms(db, entryIds, words, TOPICAL_COLUMNS)
      : new Map<number, string[]>();
  const evidence = (id: number) => ({
    rare: matched.get(id) ?? [],
    words: said.get(id)?.length ?? 0,
    topical: topical.get(id) ?? [],
  });
  const relevant = strongest(entries, evidence, subjectsOf(db, rare), terms.length, rare);
  const { entries: kept, marks } = applyAnchors(ownFirst(relevant), request.anchorStates);
  const block = renderRecall(
    HEADING,
    recallTruth(kept, marks),
    { maxItems: request.maxItems, ...PROMPT_BUDGET },
    { marks },
  );
  const reasons = block.ids.map((id) => ({ id, reason: reasonOf(matched.get(id) ?? [], rare) }));
  return { ...block, reasons };
}
