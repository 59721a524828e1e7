import type { TranscriptLine } from './transcript-line.ts';
import { agentIdFromPath, parentTranscriptPath, transcriptStem } from './transcript-paths.ts';

/** Options of {@link replayTranscript}; each is a fallback for what the lines do not say. */
export interface ReplayOptions {
  /** Used when no line has a `cwd`. */
  cwd?: string;
  /** The transcript's path: `transcript_path`, and the file name is the last-resort id. */
  transcriptPath?: string;
  /** Used when no line has a `sessionId`. */
  sessionId?: string;
  /** `agent_type` of a subagent transcript (the lines do not record it; `.meta.json` does). */
  agentType?: string;
}

/** Who is replayed: the ids and paths every payload of one replay shares. */
export interface ReplayContext {
  sessionId: string;
  /** The session's transcript (for a subagent transcript: its parent's). */
  transcriptPath: string;
  cwd: string;
  agent?: { agentId: string; agentType?: string; agentTranscriptPath: string };
}

const firstOf = (lines: readonly TranscriptLine[], key: 'sessionId' | 'cwd' | 'agentId') =>
  lines.find((line) => line[key] !== undefined)?.[key];

function isAgentTranscript(lines: readonly TranscriptLine[], path: string): boolean {
  if (agentIdFromPath(path) !== undefined) return true;
  const first = lines.find((line) => line.type === 'user' || line.type === 'assistant');
  return first?.isSidechain === true;
}

function agentOf(lines: readonly TranscriptLine[], path: string, opts: ReplayOptions) {
  const agentId = firstOf(lines, 'agentId') ?? agentIdFromPath(path) ?? transcriptStem(path);
  const agent = { agentId, agentTranscriptPath: path };
  return opts.agentType === undefined ? agent : { ...agent, agentType: opts.agentType };
}

/** Resolves ids and paths from the lines first, then from the options, then the file name. */
export function resolveContext(
  lines: readonly TranscriptLine[],
  opts: ReplayOptions = {},
): ReplayContext {
  const path = opts.transcriptPath ?? '';
  const sessionId = firstOf(lines, 'sessionId') ?? opts.sessionId ?? transcriptStem(path);
  const cwd = firstOf(lines, 'cwd') ?? opts.cwd ?? '';
  if (!isAgentTranscript(lines, path)) return { sessionId, transcriptPath: path, cwd };
  const transcriptPath = parentTranscriptPath(path, sessionId);
  return { sessionId, transcriptPath, cwd, agent: agentOf(lines, path, opts) };
}
