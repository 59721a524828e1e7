import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { countToolPairs } from './count-tool-pairs.ts';
import type { HookPayload } from './hook-payload.ts';
import { listTranscriptFiles } from './list-transcript-files.ts';
import { replayTranscript } from './replay.ts';
import { parseTranscriptLines } from './transcript-line.ts';

// Real transcripts shipped with the repository, described in each folder's SOURCE.md.
const CORPUS_DIR = fileURLToPath(new URL('../../fixtures/transcripts/', import.meta.url));
const FOLDERS = ['spotter-transcripts', 'claude-code-log-real-projects'] as const;

interface ReplayedFile {
  folder: string;
  /** Path relative to the folder, as SOURCE.md spells it. */
  file: string;
  text: string;
  payloads: HookPayload[];
}

const isToolPayload = (p: HookPayload): boolean =>
  p.hook_event_name === 'PostToolUse' || p.hook_event_name === 'PostToolUseFailure';
const toolCount = (r: ReplayedFile): number => r.payloads.filter(isToolPayload).length;
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

let cache: ReplayedFile[] | undefined;
function corpus(): ReplayedFile[] {
  cache ??= FOLDERS.flatMap((folder) =>
    listTranscriptFiles(join(CORPUS_DIR, folder)).map((path) => {
      const text = readFileSync(path, 'utf8');
      const payloads = replayTranscript(text, { transcriptPath: path });
      return { folder, file: relative(join(CORPUS_DIR, folder), path), text, payloads };
    }),
  );
  return cache;
}

/** `file -> tool_use` from the table rows of a folder's SOURCE.md. */
function sourceCounts(folder: string): Record<string, number> {
  const source = readFileSync(join(CORPUS_DIR, folder, 'SOURCE.md'), 'utf8');
  const rows = source.matchAll(/^\| `([^`]+\.jsonl)` \| \d+ \| \d+ \| (\d+) \| \d+ \|/gm);
  return Object.fromEntries([...rows].map((m) => [m[1] ?? '', Number(m[2])]));
}

const byFile = (files: ReplayedFile[], count: (r: ReplayedFile) => number) =>
  Object.fromEntries(files.map((r) => [r.file, count(r)]));

test('SOURCE.md lists every transcript file, 72 + 119 = 191 tool pairs', () => {
  const counts = FOLDERS.map((folder) => sourceCounts(folder));
  assert.deepEqual(
    counts.map((c) => sum(Object.values(c))),
    [72, 119],
  );
  const listed = counts.flatMap((c) => Object.keys(c)).sort();
  assert.deepEqual(
    corpus()
      .map((r) => r.file)
      .sort(),
    listed,
  );
});

test('replaying every transcript yields 191 PostToolUse + PostToolUseFailure', () => {
  const perFolder = FOLDERS.map((f) =>
    sum(
      corpus()
        .filter((r) => r.folder === f)
        .map(toolCount),
    ),
  );
  assert.deepEqual(perFolder, [72, 119]);
  assert.equal(sum(perFolder), 191);
});

test('per file, tool payloads equal countToolPairs and the SOURCE.md table', () => {
  const source = Object.assign({}, ...FOLDERS.map((f) => sourceCounts(f)));
  assert.deepEqual(
    byFile(corpus(), toolCount),
    byFile(corpus(), (r) => countToolPairs(r.text)),
  );
  assert.deepEqual(byFile(corpus(), toolCount), source);
});

test('tool_use ids are unique across the whole corpus', () => {
  const ids = corpus().flatMap((r) => r.payloads.filter(isToolPayload).map((p) => p.tool_use_id));
  assert.equal(new Set(ids).size, ids.length);
});

test('every corpus line parses', () => {
  assert.equal(sum(corpus().map((r) => parseTranscriptLines(r.text).unparsable)), 0);
});

// Sessions that ran Stop hooks record each run as a `stop_hook_summary` system line
// (Claude Code 2.1.38-2.1.114): Stop must fire exactly that often in the replay.
const STOP_HOOK_SESSIONS = [
  'transcripts/short.jsonl',
  'transcripts/subagent.jsonl',
  'transcripts/tool_heavy.jsonl',
  'real_projects/-experiments-ideas/03eb5929-52b3-4b13-ada3-b93ae35806b8.jsonl',
];

test('Stop fires as often as the recorded Stop hook runs, interrupts excluded', () => {
  const files = corpus().filter((r) => STOP_HOOK_SESSIONS.includes(r.file));
  const stops = (r: ReplayedFile) => r.payloads.filter((p) => p.hook_event_name === 'Stop').length;
  const recorded = (r: ReplayedFile) => r.text.split('"subtype":"stop_hook_summary"').length - 1;
  assert.equal(files.length, STOP_HOOK_SESSIONS.length);
  assert.deepEqual(byFile(files, stops), byFile(files, recorded));
});
