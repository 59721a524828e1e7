import { resolveProject } from '../../config/index.ts';
import { usage } from '../cli-error.ts';
import { parseOptions } from '../parse-options.ts';
import { apiFailure, callOrFail, recallClient, type RecallCommandDeps } from '../worker-call.ts';
import { checkProject } from './recall-args.ts';
import { summarizeVerify, verifyLines, type VerifyPage } from './verify-report.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** The options `verify` accepts. */
export const VERIFY_OPTIONS = {
  project: FLAG.project,
  json: FLAG.json,
  accept: { type: 'string' },
} as const;

/** Observations checked per request: small enough to redraw the bar, big enough to be quick. */
const PAGE = 2000;
/** Below this many observations no bar is drawn: the answer comes at once. */
const BAR_FROM = 5000;
const BAR = 24;

/** Where the progress bar goes (stderr, only when it is a terminal). */
export interface VerifyDeps extends RecallCommandDeps {
  stderr?: { write(text: string): unknown; isTTY?: boolean | undefined };
}

async function call(deps: VerifyDeps, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await callOrFail(recallClient(deps), method, path, body);
  if (res.status !== 200) throw apiFailure(res);
  return res.body;
}

function drawBar(deps: VerifyDeps, done: number, total: number): void {
  const stream = deps.stderr ?? process.stderr;
  if (stream.isTTY !== true || total < BAR_FROM) return;
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * BAR);
  const end = done >= total ? '\n' : '';
  stream.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${Math.floor(share * 100)}% ${done}/${total}\x1b[K${end}`,
  );
}

async function acceptOne(
  deps: VerifyDeps,
  text: string,
  cwd: string,
  print: (line: string) => void,
) {
  const id = Number(text.replace(/^#/, ''));
  if (!Number.isInteger(id) || id < 1)
    throw usage(`--accept: expected an observation id, got ${text}`);
  const body = (await call(deps, 'POST', '/api/anchors/accept', { id, cwd })) as {
    anchor: { state: string } | null;
  };
  print(`#${id} verified by you: no longer shown as a hypothesis`);
  print(`#${id} re-anchored to the files as they are now: ${body.anchor?.state ?? 'no files'}`);
  return 0;
}

/**
 * `claude-mem verify [--project P] [--json]`: checks every observation of the project against
 * the work tree of the current folder and prints the counts per state and the changed and gone
 * files. `--accept ID` confirms one observation: it is verified knowledge (issue 34), no longer a
 * hypothesis, and anchored to the files as they are now.
 */
export const verifyCommand: Command<VerifyDeps> = async function verifyCommand(
  args,
  print,
  deps = {},
) {
  const values = parseOptions(args, VERIFY_OPTIONS);
  const cwd = deps.cwd ?? process.cwd();
  if (values.accept !== undefined) return acceptOne(deps, values.accept, cwd, print);
  // As search and context do: a named project without memory is an error, not "0 observations".
  await checkProject(recallClient(deps), values.project, 'check the name.');
  const project = values.project ?? resolveProject(cwd, deps.env ?? process.env).name;
  const pages: VerifyPage[] = [];
  let after: number | null = 0;
  let done = 0;
  while (after !== null) {
    const query = new URLSearchParams({ project, cwd, after: String(after), limit: String(PAGE) });
    const page = (await call(deps, 'GET', `/api/anchors/verify?${query.toString()}`)) as VerifyPage;
    pages.push(page);
    done += page.checked;
    drawBar(deps, done, page.total);
    after = page.next;
  }
  const report = summarizeVerify(project, pages);
  if (values.json) print(JSON.stringify(report, null, 2));
  else for (const line of verifyLines(report)) print(line);
  return 0;
};

/** `claude-mem verify`: its help, options and handler (the command table's entry). */
export const VERIFY_COMMAND = commandEntry(
  'verify [--project P] [--json]',
  'Check every memory of the project against the code in this folder: counts fresh, changed, gone and unknown, and the changed and gone files',
  verifyCommand,
  {
    options: VERIFY_OPTIONS,
    more: [
      {
        usage: ['verify --accept ID'],
        text: 'Confirm a memory: verified knowledge, no longer a hypothesis, anchored to its files as they are now',
      },
    ],
  },
);
