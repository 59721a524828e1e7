/** One anchored file as the worker reports it. */
interface FileState {
  path: string;
  state: string;
  movedTo?: string;
  lineDelta?: number;
}

/** One page of GET /api/anchors/verify. */
export interface VerifyPage {
  project: string;
  tree: string | null;
  total: number;
  checked: number;
  next: number | null;
  counts: Record<string, number>;
  items: Array<{ id: number; title: string; state: string; files: FileState[] }>;
}

/** A file that is not as anchored, and the observations that name it. */
export interface FileReport extends FileState {
  ids: number[];
}

/** What `verify` prints (as JSON with --json). */
export interface VerifyReport {
  project: string;
  tree: string | null;
  observations: number;
  counts: Record<string, number>;
  files: FileReport[];
  items: VerifyPage['items'];
}

/** Adds up the pages: counts per state, and each changed, gone or moved file once. */
export function summarizeVerify(project: string, pages: readonly VerifyPage[]): VerifyReport {
  const counts: Record<string, number> = {};
  const files = new Map<string, FileReport>();
  for (const page of pages) {
    for (const [state, n] of Object.entries(page.counts)) counts[state] = (counts[state] ?? 0) + n;
    for (const item of page.items) {
      for (const file of item.files) {
        const key = `${file.state}\0${file.path}`;
        const known = files.get(key) ?? { ...file, ids: [] };
        known.ids.push(item.id);
        files.set(key, known);
      }
    }
  }
  return {
    project,
    tree: pages[0]?.tree ?? null,
    observations: pages[0]?.total ?? 0,
    counts,
    files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)),
    items: pages.flatMap((page) => page.items),
  };
}

const n = (value: number): string => value.toLocaleString('en-US');

const LABELS: Array<[string, string]> = [
  ['fresh', 'fresh (as anchored)'],
  ['changed', 'changed'],
  ['gone', 'gone'],
  ['unknown', 'unknown (cannot tell)'],
  ['unanchored', 'no files anchored'],
];

function fileLine(file: FileReport): string {
  const delta =
    file.lineDelta === undefined
      ? ''
      : ` (${file.lineDelta >= 0 ? '+' : ''}${file.lineDelta} lines)`;
  const moved = file.movedTo ? ` -> ${file.movedTo}` : '';
  const ids = file.ids.slice(0, 10).map((id) => `#${id}`);
  const more = file.ids.length > 10 ? ` and ${file.ids.length - 10} more` : '';
  return `  ${file.path}${moved}${delta}: ${ids.join(' ')}${more}`;
}

/** The report as lines for a terminal. */
export function verifyLines(report: VerifyReport): string[] {
  const width = Math.max(...LABELS.map(([state]) => n(report.counts[state] ?? 0).length));
  const lines = [
    `verify: project ${report.project}, ${n(report.observations)} observations, checked against ${report.tree ?? '(no work tree on this machine)'}`,
    ...LABELS.map(
      ([state, label]) => `  ${n(report.counts[state] ?? 0).padStart(width)}  ${label}`,
    ),
  ];
  for (const state of ['changed', 'gone']) {
    const files = report.files.filter((file) => file.state === state);
    if (files.length > 0)
      lines.push(`${state === 'changed' ? 'Changed' : 'Gone'} files:`, ...files.map(fileLine));
  }
  const stale = (report.counts.changed ?? 0) > 0;
  if (stale) lines.push('Re-confirm one: claude-mem verify --accept ID');
  return lines;
}
