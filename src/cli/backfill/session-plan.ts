import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { resolveProject, type Project } from '../../config/index.ts';
import { listTranscriptFiles, replayTranscript } from '../../transcripts/index.ts';
import { transcriptTimes } from './transcript-times.ts';

/** One transcript file of a session. */
export interface PlannedFile {
  path: string;
  size: number;
  /** Last modified, whole ms: the time of a transcript whose lines carry none. */
  mtimeMs: number;
  /** A subagent transcript (its events attach to the parent session). */
  agent: boolean;
}

/** A session to backfill: its main transcript (if found) and its subagents' transcripts. */
export interface SessionPlan {
  sessionId: string;
  project: Project;
  /** The main transcript first, then subagent transcripts in path order. */
  files: PlannedFile[];
  firstAt: number;
  lastAt: number;
  /** Paths, sizes and times of the files: a transcript that changed is imported again. */
  signature: string;
}

/**
 * The transcripts under `paths`: every `*.jsonl` below a folder, and a file with the subagent
 * transcripts Claude Code keeps next to it (`<session>/subagents/`). Sorted, without repeats.
 */
export function transcriptPaths(paths: readonly string[]): string[] {
  const found = new Set<string>();
  for (const path of paths) {
    if (statSync(path).isDirectory()) {
      listTranscriptFiles(path).forEach((file) => found.add(file));
      continue;
    }
    found.add(path);
    const subagents = join(dirname(path), basename(path, '.jsonl'), 'subagents');
    if (existsSync(subagents)) listTranscriptFiles(subagents).forEach((file) => found.add(file));
  }
  return [...found].sort();
}

interface Scanned extends PlannedFile {
  sessionId: string;
  cwd: string;
  firstAt: number;
  lastAt: number;
}

function scan(path: string): Scanned | undefined {
  const stat = statSync(path);
  const [size, mtimeMs] = [stat.size, Math.floor(stat.mtimeMs)];
  const text = readFileSync(path, 'utf8');
  const times = transcriptTimes(text);
  const first = times.lines > 0 ? replayTranscript(text, { transcriptPath: path })[0] : undefined;
  if (!first || first.session_id === '') return undefined;
  return {
    path,
    size,
    mtimeMs,
    agent: first.hook_event_name !== 'SessionStart',
    sessionId: first.session_id,
    cwd: first.cwd,
    firstAt: times.first ?? mtimeMs,
    lastAt: times.last ?? mtimeMs,
  };
}

/**
 * The project of a session, as its hooks would have resolved it from the main transcript's
 * `cwd` (a `CLAUDE_MEM_PROJECT` of this shell is about the current folder, not old sessions).
 * Without a cwd: the transcript folder's name; with a relative one: its last part.
 */
function projectOf(file: Scanned, env: NodeJS.ProcessEnv, cache: Map<string, Project>): Project {
  if (file.cwd === '') return { name: basename(dirname(file.path)), root: dirname(file.path) };
  // Claude Code records absolute folders; a relative one must not resolve against ours.
  if (!isAbsolute(file.cwd)) return { name: basename(file.cwd), root: file.cwd };
  const known = cache.get(file.cwd);
  if (known) return known;
  const project = resolveProject(file.cwd, { ...env, CLAUDE_MEM_PROJECT: undefined });
  cache.set(file.cwd, project);
  return project;
}

function toPlan(
  files: Scanned[],
  env: NodeJS.ProcessEnv,
  cache: Map<string, Project>,
): SessionPlan {
  const ordered = [...files].sort(
    (a, b) => Number(a.agent) - Number(b.agent) || (a.path < b.path ? -1 : 1),
  );
  const lead = ordered[0]!;
  return {
    sessionId: lead.sessionId,
    project: projectOf(lead, env, cache),
    files: ordered.map(({ path, size, mtimeMs, agent }) => ({ path, size, mtimeMs, agent })),
    firstAt: Math.min(...files.map((file) => file.firstAt)),
    lastAt: Math.max(...files.map((file) => file.lastAt)),
    signature: JSON.stringify(ordered.map((file) => [file.path, file.size, file.mtimeMs])),
  };
}

function scanOne(
  path: string,
  bySession: Map<string, Scanned[]>,
  skipped: (path: string, reason: string) => void,
): void {
  let file: Scanned | undefined;
  try {
    file = scan(path);
  } catch (error) {
    skipped(path, (error as Error).message);
    return;
  }
  if (!file) skipped(path, NO_SESSION);
  else bySession.set(file.sessionId, [...(bySession.get(file.sessionId) ?? []), file]);
}

/** Why an empty transcript (no line to replay) is skipped. */
export const NO_SESSION = 'no session in it';

/**
 * Reads every transcript once and groups them into sessions (subagent transcripts with their
 * parent, by the session id the replayer gives them), oldest session first. Files that cannot be
 * read or hold no session are reported through `skipped`.
 */
export function planSessions(
  paths: readonly string[],
  env: NodeJS.ProcessEnv,
  skipped: (path: string, reason: string) => void = () => undefined,
  scanned: (files: number, sessions: number) => void = () => undefined,
): SessionPlan[] {
  const bySession = new Map<string, Scanned[]>();
  for (const [index, path] of paths.entries()) {
    scanOne(path, bySession, skipped);
    scanned(index + 1, bySession.size);
  }
  const cache = new Map<string, Project>();
  return [...bySession.values()]
    .map((files) => toPlan(files, env, cache))
    .sort((a, b) => a.firstAt - b.firstAt || (a.sessionId < b.sessionId ? -1 : 1));
}
