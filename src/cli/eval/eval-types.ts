/** The moments at which memory reaches the agent, as `eval` reports them. */
export const MOMENTS = ['session-start', 'prompt', 'file', 'dead-end'] as const;

/** One recall moment. */
export type Moment = (typeof MOMENTS)[number];

/** Why a turn needed memory: the three kinds of repeated work `eval` looks for. */
export const NEED_KINDS = ['file', 'command', 'ask-again'] as const;

/** One kind of need. */
export type NeedKind = (typeof NEED_KINDS)[number];

/** What one moment gave the agent once. */
export interface Injection {
  moment: Moment;
  /** Observation ids shown. */
  ids: number[];
  /** Estimated tokens of the text given (about 4 characters a token). */
  tokens: number;
  /** The turn (prompt number, 0 before the first prompt). */
  turn: number;
  /** When (the replayed event's time, ms). */
  at: number;
}

/**
 * A tool call or prompt that repeated earlier work: it read or edited a file an earlier
 * session's memory names, re-ran a command that failed in an earlier session, or asked again
 * what an earlier session was asked.
 */
export interface Need {
  kind: NeedKind;
  turn: number;
  /** The memories that would have helped (earlier sessions' observations about it). */
  helpful: number[];
  /** The moments that had shown one of them in this session before the call. */
  reachedBy: Moment[];
}

/** What one replayed session showed and needed. */
export interface SessionResult {
  sessionId: string;
  /** Prompts (turns) replayed. */
  turns: number;
  injections: Injection[];
  needs: Need[];
  /** Per moment, the distinct memories it showed the session and how many the session used. */
  use: Record<Moment, MomentUse>;
}

/** What one moment showed a session, and what of it the session used (use signals). */
export interface MomentUse {
  /** Distinct memories shown, and how many of them were used. */
  shown: number;
  used: number;
  /** Injections that gave at least one memory, and how many had none of theirs used. */
  injections: number;
  neverUsed: number;
}
