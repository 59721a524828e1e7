import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordUsage, type Db } from '../../src/store/index.ts';
import { cli } from '../helpers/cli.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';

/** What compression recorded over three days in two projects, and a row from before projects. */
function seed(db: Db): void {
  const call = { provider: 'anthropic', model: 'claude-haiku-4-5', calls: 1, durationMs: 5 };
  const rows = [
    ['2026-01-30', 'alpha', 1200, 300, 0.0027],
    ['2026-01-30', 'alpha', 800, 100, 0.0013],
    ['2026-01-31', 'beta', 500, 50, 0.00075],
    ['2026-02-01', 'alpha', 40000, 4000, 0.06],
    ['2026-02-01', '', 100, 10, 0.00015],
  ] as const;
  for (const [day, project, tokensIn, tokensOut, costUsd] of rows) {
    recordUsage(db, { ...call, day, project, tokensIn, tokensOut, costUsd });
  }
}

describe('claude-mem usage', () => {
  it('prints tokens and dollars per day and project, a total row and the totals per project', async (t) => {
    const home = await recallHome(t);
    withDatabase(home, seed);
    const run = await cli(['usage'], home.env);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(
      lines[0],
      'Compression usage by day, all projects (cost estimated at list prices)',
    );
    assert.match(
      lines[2] ?? '',
      /^Date +Project +Models +Calls +Input +Output +Total tokens +Cost \(USD\)$/,
    );
    const rows = lines.slice(4, 8).map((line) => line.split(/ {2,}/));
    assert.deepEqual(rows, [
      ['2026-01-30', 'alpha', 'claude-haiku-4-5', '2', '2,000', '400', '2,400', '$0.0040'],
      ['2026-01-31', 'beta', 'claude-haiku-4-5', '1', '500', '50', '550', '$0.0008'],
      ['2026-02-01', '(unknown)', 'claude-haiku-4-5', '1', '100', '10', '110', '$0.0001'],
      ['2026-02-01', 'alpha', 'claude-haiku-4-5', '1', '40,000', '4,000', '44,000', '$0.06'],
    ]);
    assert.deepEqual(lines[9]?.split(/ {2,}/), [
      'Total',
      '5',
      '42,600',
      '4,460',
      '47,060',
      '$0.06',
    ]);
    const byProject = lines.slice(lines.indexOf('By project') + 4).map((l) => l.split(/ {2,}/)[0]);
    assert.deepEqual(byProject, ['alpha', 'beta', '(unknown)']);
  });

  it('--monthly --project P --json gives the same figures as data', async (t) => {
    const home = await recallHome(t);
    withDatabase(home, seed);
    const run = await cli(['usage', '--monthly', '--project', 'alpha', '--json'], home.env);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const report = JSON.parse(run.stdout) as {
      by: string;
      project: string;
      rows: Array<{ period: string; tokensIn: number; tokensOut: number; costUsd: number }>;
      totals: { calls: number; tokensIn: number };
    };
    assert.deepEqual([report.by, report.project], ['month', 'alpha']);
    assert.deepEqual(
      report.rows.map((r) => [r.period, r.tokensIn, r.tokensOut, Math.round(r.costUsd * 1e4)]),
      [
        ['2026-01', 2000, 400, 40],
        ['2026-02', 40000, 4000, 600],
      ],
    );
    assert.deepEqual([report.totals.calls, report.totals.tokensIn], [3, 42000]);
    const table = await cli(['usage', '--monthly'], home.env);
    assert.match(
      table.stdout,
      /\n2026-01 +alpha +claude-haiku-4-5 +2 +2,000 +400 +2,400 +\$0\.0040\n/,
    );
  });

  it('says so when nothing was spent, and refuses contradictory options', async (t) => {
    const home = await recallHome(t);
    const empty = await cli(['usage'], home.env);
    assert.deepEqual([empty.code, empty.stderr], [0, '']);
    assert.match(empty.stdout, /No LLM compression recorded yet/);
    const other = await cli(['usage', '--project', 'gamma'], home.env);
    assert.match(
      other.stdout,
      /\nNo LLM compression recorded for project gamma \(without --project: all projects\)\.\n$/,
    );
    const both = await cli(['usage', '--daily', '--monthly'], home.env);
    assert.deepEqual(
      [both.code, both.stderr.split('\n')[0]],
      [2, 'claude-mem: give --daily or --monthly, not both'],
    );
    const bogus = await cli(['usage', '--weekly'], home.env);
    assert.equal(bogus.code, 2);
  });
});
