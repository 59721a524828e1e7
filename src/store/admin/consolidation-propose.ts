import type { Changeset, ConsolidationDrop, ConsolidationMerge } from '../../domain/index.ts';
import { stmt, type Db } from '../statements.ts';

interface Candidate {
  id: number;
  type: string;
  title: string;
  narrative: string;
  facts: string;
  files_modified: string;
  pinned: number;
  created_at: number;
  superseded: number;
}

/** Title words, and the exact ones (numbers, versions, paths) two near-duplicates must share. */
interface Words {
  all: Set<string>;
  exact: string;
}

/** Near-duplicates share at least this share of their title words (Jaccard). */
const SIMILAR = 0.8;
/** A merge folds at most this many memories, so one memory never swallows a whole history. */
const MAX_GROUP = 8;
const TRIVIAL = /^(?:ran\s+)?(?:ls|pwd|cd|clear|whoami|date|echo)\b[^;]*$/i;

// Words that say nothing of the subject: "the cache" and "cache" are the same memory.
const STOP = new Set(['a', 'an', 'the', 'in', 'of', 'to', 'for', 'on', 'at', 'and', 'is', 'by']);

function wordsOf(title: string): Words {
  const words = title.toLowerCase().match(/[\p{L}\p{N}_./-]+/gu) ?? [];
  const all = new Set(words.filter((word) => !STOP.has(word)));
  const exact = [...all].filter((word) => /[\d/.]/.test(word)).sort();
  return { all, exact: exact.join(' ') };
}

function similar(a: Words, b: Words): boolean {
  if (a.exact !== b.exact) return false;
  const shared = [...a.all].filter((word) => b.all.has(word)).length;
  return shared / (a.all.size + b.all.size - shared) >= SIMILAR;
}

/** Near-duplicates also name the same files, when both name any. */
function sameFiles(a: Candidate, b: Candidate): boolean {
  const one = JSON.parse(a.files_modified) as string[];
  const two = JSON.parse(b.files_modified) as string[];
  return one.length === 0 || two.length === 0 || one.some((file) => two.includes(file));
}

// A title holding shell syntax (`$(cat <<'EOF'`) names no subject: the heuristic titles every
// commit made with a heredoc message that way, and such look-alikes are different commits.
const SHELL_TITLE = /\$\(|<<|\|\s*\w/;

const isNoise = (c: Candidate): boolean =>
  c.pinned === 0 &&
  (c.title.trim() === '' || (TRIVIAL.test(c.title.trim()) && c.narrative.trim() === ''));

/**
 * Groups near-duplicates of one type greedily, newest first: each memory joins the first group
 * whose newest member it resembles (title words, the same exact words, a shared file).
 */
function groupsOf(candidates: Candidate[]): Candidate[][] {
  const groups: Array<{ head: Candidate; words: Words; members: Candidate[] }> = [];
  for (const candidate of candidates) {
    const words = wordsOf(candidate.title);
    const group = groups.find(
      (g) =>
        g.members.length < MAX_GROUP &&
        g.head.type === candidate.type &&
        similar(g.words, words) &&
        sameFiles(g.head, candidate),
    );
    if (group) group.members.push(candidate);
    else groups.push({ head: candidate, words, members: [candidate] });
  }
  return groups.map((g) => g.members).filter((members) => members.length > 1);
}

/** The newest of a group stays (its id, title and narrative); the others fold into it. */
function mergeOf(members: Candidate[]): ConsolidationMerge {
  const [into, ...rest] = members as [Candidate, ...Candidate[]];
  return { into: into.id, from: rest.map((m) => m.id), titles: members.map((m) => m.title) };
}

function hasSuperseded(db: Db): boolean {
  const columns = db.prepare('PRAGMA table_info(observations)').all() as Array<{ name: string }>;
  return columns.some((column) => column.name === 'superseded_by');
}

/**
 * The changeset `claude-mem consolidate` proposes for `project` (issue 34): merges of
 * near-duplicates, noise (an empty title, a bare listing or navigation command) and, when the
 * store marks supersession (`superseded_by`), superseded memories. Only one's own memories that
 * are not shared: a teammate's are theirs, a shared one is the team's. Pinned ones are left
 * as they are: the pin is the user's word. Reads only.
 */
export function proposeConsolidation(db: Db, project: string): Changeset {
  const superseded = hasSuperseded(db) ? 'superseded_by IS NOT NULL' : '0';
  const candidates = stmt(
    db,
    `SELECT id, type, title, narrative, facts, files_modified, pinned, created_at,
            ${superseded} AS superseded
       FROM observations WHERE project = ? AND author IS NULL AND scope = 'private'
      ORDER BY created_at DESC, id DESC`,
  ).all(project) as Candidate[];
  const drops: ConsolidationDrop[] = [
    ...candidates
      .filter(isNoise)
      .map((c) => ({ id: c.id, reason: 'noise' as const, title: c.title })),
    ...candidates
      .filter((c) => c.superseded === 1 && c.pinned === 0 && !isNoise(c))
      .map((c) => ({ id: c.id, reason: 'superseded' as const, title: c.title })),
  ];
  const out = new Set(drops.map((drop) => drop.id));
  const mergeable = candidates.filter(
    (c) => !out.has(c.id) && c.pinned === 0 && !SHELL_TITLE.test(c.title),
  );
  const merges = groupsOf(mergeable).map(mergeOf);
  return { project, merges, drops, considered: candidates.length };
}
