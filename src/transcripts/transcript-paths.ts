import { basename, dirname, join } from 'node:path';

/** The file name without `.jsonl`: a session id, or `agent-<id>` for a subagent transcript. */
export function transcriptStem(path: string): string {
  return basename(path).replace(/\.jsonl$/, '');
}

/** The agent id of an `agent-<id>.jsonl` path, else undefined. */
export function agentIdFromPath(path: string): string | undefined {
  const stem = transcriptStem(path);
  return stem.startsWith('agent-') && stem.length > 'agent-'.length ? stem.slice(6) : undefined;
}

/**
 * The parent session's transcript for a subagent transcript: `<project>/<sid>.jsonl` for
 * `<project>/<sid>/subagents/agent-<id>.jsonl` (Claude Code 2.1+) and for the older
 * `<project>/agent-<id>.jsonl`. Empty when the agent path is unknown.
 */
export function parentTranscriptPath(agentPath: string, parentSessionId: string): string {
  if (agentPath === '') return '';
  const dir = dirname(agentPath);
  const projectDir = basename(dir) === 'subagents' ? dirname(dirname(dir)) : dir;
  return join(projectDir, `${parentSessionId}.jsonl`);
}
