import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const PROBE = join(ROOT, 'test', 'helpers', 'closed-list-probe.ts');

/** Each closed list: its file in src/domain, its array, and a value it does not hold. */
const LISTS = {
  agent: ['agents.ts', 'AGENTS', 'cursor'],
  mode: ['search-modes.ts', 'SEARCH_MODES', 'semantic'],
  source: ['session-sources.ts', 'SESSION_SOURCES', 'fork'],
  scope: ['scopes.ts', 'SCOPES', 'org'],
  type: ['observation-types.ts', 'OBSERVATION_TYPES', 'dead_end'],
  provider: ['provider-names.ts', 'PROVIDER_NAMES', 'mistral'],
  share: ['team-shares.ts', 'TEAM_SHARES', 'pinned'],
} as const;

const values = JSON.stringify(
  Object.fromEntries(Object.entries(LISTS).map(([list, [, , value]]) => [list, value])),
);

/** Where each new value is taken in the tree at `root`. */
const probe = (root: string): Record<string, Record<string, boolean>> =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', PROBE, root, values], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    }),
  );

/** A copy of src/ (and what resolves its packages) in which each list got its value: one line. */
function scratchWithValues(): string {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-lists-'));
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (const [file, array, value] of Object.values(LISTS)) {
    const path = join(dir, 'src', 'domain', file);
    const text = readFileSync(path, 'utf8');
    const start = `export const ${array} = [`;
    assert.ok(text.includes(start), `${file} declares ${array}`);
    writeFileSync(path, text.replace(start, `${start}\n  '${value}',`));
  }
  return dir;
}

const every = (report: Record<string, Record<string, boolean>>, taken: boolean) =>
  Object.fromEntries(
    Object.entries(report).map(([list, places]) => [
      list,
      Object.fromEntries(Object.keys(places).map((place) => [place, taken])),
    ]),
  );

test('a value added to a closed list in src/domain is taken by every schema, setting, CLI choice and viewer menu', (t) => {
  const scratch = scratchWithValues();
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const today = probe(ROOT);
  const added = probe(scratch);
  assert.deepEqual(today, every(today, false), 'no place takes the values today');
  assert.deepEqual(added, every(today, true), 'every place takes them once each list has its line');
});
