import type {
  ObservationBody,
  ObservationType,
  ProviderName,
  SummaryBody,
} from '../domain/index.ts';

/** A captured tool call as the compressor sees it (sanitized and elided at capture already). */
export interface CompressEvent {
  id: number;
  toolName: string;
  input: unknown;
  response: unknown;
  error: string | null;
  failed: boolean;
  agentId: string | null;
  at: number;
}

/** One turn of a session, or a bounded slice of a long one: the unit of one request. */
export interface TurnBatch {
  project: string;
  /** The project root, so paths can be shown relative to it. */
  root: string;
  promptNumber: number;
  /** The user's prompt of the turn (null when unknown). */
  prompt: string | null;
  events: CompressEvent[];
  /**
   * Existing memories of the project that share files, identifiers or key terms with the
   * batch (issue 34): an LLM may answer that an observation `<supersedes>` some of them. A few
   * titles only, so the request stays within compress.maxInputTokens (they are part of the
   * frame every slice repeats).
   */
  related?: RelatedMemory[] | undefined;
  /**
   * Set when this batch closes a turn that has ended: the same request then also asks for the
   * turn's summary, which saves a second request with its own instructions and context.
   */
  withSummary?: SummaryContext | undefined;
}

/** An existing memory offered to the LLM as one a new observation may supersede. */
export interface RelatedMemory {
  id: number;
  title: string;
  createdAt: number;
}

/** What a closing batch adds so that its request can also summarize the turn. */
export interface SummaryContext {
  /** Observations already stored for the turn (from its earlier slices). */
  observations: ObservationDraft[];
  lastAssistantMessage: string;
  /** Final messages of subagents that ran in the turn. */
  subagentMessages: string[];
}

/** An observation before it is stored. */
export interface ObservationDraft extends ObservationBody {
  type: ObservationType;
  /**
   * Other words a later search would use for it (synonyms, the questions it answers, error text
   * a user would paste), indexed below the title. Absent from drafts made before issue 15.
   */
  searchKeys?: string | undefined;
  /** The events it was made from (provenance). */
  sourceEventIds: number[];
  /** Ids of the batch's `related` memories that this one says are no longer true. */
  supersedes?: number[] | undefined;
}

/** A turn's summary before it is stored. */
export interface SummaryDraft extends SummaryBody {
  filesRead: string[];
  filesModified: string[];
}

/** What summarizeTurn gets: the turn's prompt, its observations and Claude's last message. */
export interface TurnSummaryInput {
  project: string;
  root: string;
  promptNumber: number;
  prompt: string | null;
  observations: ObservationDraft[];
  lastAssistantMessage: string;
  /** Final messages of subagents that ran in the turn. */
  subagentMessages: string[];
}

/** LLM spend of one compressor method call (all requests it made). */
export interface Usage {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  durationMs: number;
}

/** The summary a closing batch's answer held: a draft, or none with the model's reason. */
export interface FoldedSummary {
  summary: SummaryDraft | null;
  skipped?: string;
}

/**
 * Observations of a batch; `skipped` says why there are none when the provider kept nothing.
 * `summary` is set only when the batch asked for one (`withSummary`) and the answer held it;
 * otherwise the turn is summarized by a request of its own (summarizeTurn).
 */
export interface ObservationsResult {
  observations: ObservationDraft[];
  usage: Usage;
  skipped?: string;
  summary?: FoldedSummary | undefined;
}

/** A turn's summary, or null with the reason. */
export interface SummaryResult {
  summary: SummaryDraft | null;
  usage: Usage;
  skipped?: string;
}

/**
 * Turns captured events into observations and turns into summaries. Providers implement it;
 * failures are thrown as CompressError so the chain can decide whether to fall back.
 */
export interface Compressor {
  readonly name: ProviderName | 'fake';
  readonly model: string | null;
  compressTurn(batch: TurnBatch, signal?: AbortSignal): Promise<ObservationsResult>;
  summarizeTurn(input: TurnSummaryInput, signal?: AbortSignal): Promise<SummaryResult>;
}

/** No spend: what the heuristic and skipped work report. */
export const NO_USAGE: Usage = { calls: 0, tokensIn: 0, tokensOut: 0, durationMs: 0 };

/** Sums usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    calls: a.calls + b.calls,
    tokensIn: a.tokensIn + b.tokensIn,
    tokensOut: a.tokensOut + b.tokensOut,
    durationMs: a.durationMs + b.durationMs,
  };
}
