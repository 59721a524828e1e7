// Dead ends on the real transcripts (issue 34). The corpus (../shared/eval-data) is captured
// and compressed by the heuristic provider; then every Bash call is replayed in each project's
// order against the dead ends recorded by earlier turns, as the PreToolUse hook would see them:
//   - failing commands (of a specific shape), and how many are re-run later in the project;
//   - how many of those re-runs the warning would have preceded;
//   - warnings fired, and false alarms (the warned command then succeeded).
// The baseline, measured in the same run on the same calls: matching by program only (`npm`,
// `git`), the "any npm call" rule the issue rules out.
// Usage: node --import tsx bench/dead-ends.ts [transcript folders...] (default ../shared/eval-data)
import { commandShape, commandText, specificShape } from '../src/domain/index.ts';
import type { Db } from '../src/store/index.ts';
import { heuristicCorpus } from './lib/heuristic-corpus.ts';
import { printTable } from './lib/stats.ts';

interface Call {
  id: number;
  session: number;
  prompt: number;
  project: string;
  command: string;
  failed: boolean;
}

interface DeadEnd {
  id: number;
  project: string;
  key: string;
  fix: string;
  /** The turn it was made in: it is known from the next turn on. */
  session: number;
  prompt: number;
  lastEvent: number;
}

type Matcher = (command: string) => string;
const byShape: Matcher = (command) => specificShape(command);
const byProgram: Matcher = (command) => commandShape(command).split(' ')[0] ?? '';

function calls(db: Db): Call[] {
  const rows = db
    .prepare(
      `SELECT id, session_id AS session, prompt_number AS prompt, project, tool_input, failed
         FROM events WHERE tool_name = 'Bash' AND agent_id IS NULL ORDER BY created_at, id`,
    )
    .all() as Array<Omit<Call, 'command' | 'failed'> & { tool_input: string; failed: number }>;
  return rows
    .map((row) => {
      const input = JSON.parse(row.tool_input) as { command?: unknown };
      return {
        ...row,
        command: typeof input.command === 'string' ? input.command : '',
        failed: row.failed === 1,
      };
    })
    .filter((call) => call.command !== '');
}

function deadEnds(db: Db, matcher: Matcher): DeadEnd[] {
  const rows = db
    .prepare(
      `SELECT o.id, o.project, k.key, k.fix, o.session_id AS session, o.prompt_number AS prompt,
              o.source_event_ids AS sources
         FROM observations o JOIN dead_end_keys k ON k.observation_id = o.id
        WHERE k.key LIKE 'cmd:%'`,
    )
    .all() as Array<Omit<DeadEnd, 'lastEvent'> & { sources: string }>;
  return rows.map((row) => ({
    ...row,
    key: matcher(row.key.slice(4)),
    lastEvent: Math.max(...(JSON.parse(row.sources) as number[])),
  }));
}

/** Replays the calls against the dead ends under `matcher`: the warned call ids and the counts. */
function replay(all: Call[], ends: DeadEnd[], matcher: Matcher) {
  const warned = new Set<number>();
  const told = new Set<string>();
  for (const call of all) {
    const key = matcher(call.command);
    if (key === '') continue;
    const known = ends.filter(
      (end) =>
        end.project === call.project &&
        end.key === key &&
        end.lastEvent < call.id &&
        (end.session !== call.session || end.prompt < call.prompt) &&
        end.fix !== commandText(call.command),
    );
    const end = known.find((candidate) => !told.has(`${call.session}:${candidate.id}`));
    if (!end) continue;
    told.add(`${call.session}:${end.id}`);
    warned.add(call.id);
  }
  const fired = all.filter((call) => warned.has(call.id));
  return { warned, fired: fired.length, falseAlarms: fired.filter((call) => !call.failed).length };
}

const corpus = await heuristicCorpus(process.argv.slice(2));
const all = calls(corpus.db);
const failing = all.filter((call) => call.failed && specificShape(call.command) !== '');
const rerunOf = (call: Call) =>
  all.find(
    (later) =>
      later.id > call.id &&
      later.project === call.project &&
      specificShape(later.command) === specificShape(call.command),
  );
const pairs = failing.flatMap((call) => {
  const rerun = rerunOf(call);
  return rerun ? [{ call, rerun }] : [];
});
const reruns = pairs.map((pair) => pair.rerun);
// A dead end is known from the next turn on: a retry within the same turn cannot be warned.
const laterTurn = pairs.filter(
  ({ call, rerun }) => rerun.session !== call.session || rerun.prompt > call.prompt,
).length;
const shape = replay(all, deadEnds(corpus.db, byShape), byShape);
const program = replay(all, deadEnds(corpus.db, byProgram), byProgram);
const recorded = deadEnds(corpus.db, byShape).length;
const preceded = (warned: Set<number>) =>
  reruns.filter((rerun) =>
    all.some(
      (call) =>
        warned.has(call.id) &&
        call.session === rerun.session &&
        call.id <= rerun.id &&
        specificShape(call.command) === specificShape(rerun.command),
    ),
  ).length;
corpus.done();

process.stdout.write(
  `${all.length} Bash calls (main conversation), ${failing.length} failing with a specific shape, ${reruns.length} of them re-run later in the same project (${laterTurn} in a later turn); ${recorded} dead ends recorded\n`,
);
const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(0)}%`);
printTable(
  ['matcher', 'warnings', 're-runs preceded', 'false alarms (then succeeded)'],
  [
    [
      'command shape (ours)',
      String(shape.fired),
      `${preceded(shape.warned)} of ${reruns.length}`,
      `${shape.falseAlarms} (${pct(shape.falseAlarms, shape.fired)})`,
    ],
    [
      'program only (baseline)',
      String(program.fired),
      `${preceded(program.warned)} of ${reruns.length}`,
      `${program.falseAlarms} (${pct(program.falseAlarms, program.fired)})`,
    ],
    [
      'ratio ours / baseline',
      program.fired === 0 ? '-' : (shape.fired / program.fired).toFixed(2),
      '',
      program.falseAlarms === 0 ? '-' : (shape.falseAlarms / program.falseAlarms).toFixed(2),
    ],
  ],
);
