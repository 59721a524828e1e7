import { useStandings, type Db, type UseStanding } from '../store/index.ts';
import { applyAnchorStates, type AnchorStates } from './anchor-marks.ts';
import { MAX_CONTEXT_BYTES, renderContext, type Budget, type ShownEntry } from './format.ts';
import { rankEntries } from './rank.ts';
import { selectContext, type ContextRequest } from './select.ts';
import { withAgentMarks } from './agent-marks.ts';
import { clip } from './text.ts';

/** The context, and what it holds (for logs, the CLI and tests). */
export interface BuiltContext {
  /** What SessionStart injects; empty when there is nothing to say (a resume with nothing new). */
  text: string;
  kind: 'full' | 'resume' | 'empty';
  observations: number;
  bytes: number;
  /** The observations the text shows, with the tokens of each one's line (the ledger's record). */
  shown: ShownEntry[];
}

/** Budget settings; the byte cap defaults to (and can never exceed) MAX_CONTEXT_BYTES. */
export interface ContextOptions {
  maxTokens: number;
  maxObservations: number;
  maxBytes?: number;
  /** The anchor states of candidates: changed ones are marked and ranked down, gone ones left out. */
  anchorStates?: AnchorStates | undefined;
  /** Learning from use (settings `recall.sinkUnused`, `recall.renewUsed`); both off by default. */
  learn?: { sinkUnused: boolean; renewUsed: boolean } | undefined;
}

/** The ledger's standings of the candidates, as far as the settings let ranking use them. */
function learnedOf(db: Db, ids: number[], request: ContextRequest, options: ContextOptions) {
  const learn = options.learn;
  if (!learn || (!learn.sinkUnused && !learn.renewUsed)) return new Map<number, UseStanding>();
  const standings = useStandings(db, ids, request.sessionId);
  for (const [id, standing] of standings) {
    standings.set(id, {
      renewedAt: learn.renewUsed ? standing.renewedAt : null,
      unusedSessions: learn.sinkUnused ? standing.unusedSessions : 0,
    });
  }
  return standings;
}

function emptyState(project: string): string {
  return [
    '<claude-mem-context>',
    `# claude-mem: project ${clip(project, 100)}`,
    'No memories of this project yet. What happens in this session is recorded, and the next one',
    'starts with an index of it. To keep something on purpose, use the save_memory MCP tool.',
    '</claude-mem-context>',
  ].join('\n');
}

const built = (
  text: string,
  kind: BuiltContext['kind'],
  shown: ShownEntry[] = [],
): BuiltContext => ({
  text,
  kind,
  observations: shown.length,
  bytes: Buffer.byteLength(text),
  shown,
});

/**
 * The SessionStart context of `request`: a progressive-disclosure index of the project's memory
 * (see format.ts), within the token budget and the byte cap. Pure reads; never calls an LLM.
 */
export function buildContext(
  db: Db,
  request: ContextRequest,
  options: ContextOptions,
): BuiltContext {
  const budget: Budget = {
    maxTokens: options.maxTokens,
    maxObservations: options.maxObservations,
    maxBytes: Math.min(options.maxBytes ?? MAX_CONTEXT_BYTES, MAX_CONTEXT_BYTES),
  };
  const data = selectContext(db, request, Math.max(options.maxObservations * 2, 20));
  if (data.kind === 'resume' && data.entries.length === 0 && !data.summary)
    return built('', 'resume');
  if (data.kind === 'full' && data.total === 0 && !data.summary) {
    return built(emptyState(request.project), 'empty');
  }
  const anchored = applyAnchorStates(data.entries, options.anchorStates);
  const learned = learnedOf(
    db,
    anchored.entries.map((entry) => entry.id),
    request,
    options,
  );
  const ranked = rankEntries(anchored.entries, anchored.marks, learned);
  const marks = withAgentMarks(anchored.marks, data.entries);
  const { text, shown } = renderContext(data, ranked, budget, request.now, marks);
  return built(text, data.kind, shown);
}
