import type { SummaryInput } from '../../src/store/memory/summaries-write.ts';

/**
 * A heuristic summary of turn 1 of session row `sessionRowId` in project alpha, every text empty,
 * written at 1, as `upsertSummary` takes it; `extra` sets the fields a test is about.
 */
export function summaryInput(
  sessionRowId: number,
  extra: Partial<SummaryInput> = {},
): SummaryInput {
  return {
    sessionRowId,
    project: 'alpha',
    promptNumber: 1,
    request: '',
    investigated: '',
    learned: '',
    completed: '',
    nextSteps: '',
    notes: '',
    filesRead: [],
    filesModified: [],
    provider: 'heuristic',
    model: null,
    tokensIn: 0,
    tokensOut: 0,
    at: 1,
    ...extra,
  };
}
