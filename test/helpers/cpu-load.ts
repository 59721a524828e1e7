import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { after, before } from 'node:test';

/**
 * Busy loops on every core, so that a test sees the machine a loaded CI runner or a laptop in a
 * build gives it: every process it starts (worker, hooks) waits for a core. Each loop is its own
 * `node` process that stops by itself after `maxMs`, so a test that dies leaves no loop behind
 * for longer than that; `stop()` ends them at once.
 */
export interface CpuLoad {
  /** How many loops run (one per core unless asked otherwise). */
  readonly loops: number;
  /** The loops' process ids. */
  readonly pids: readonly number[];
  /** Ends every loop; resolves when they have exited. Calling it again does nothing. */
  stop(): Promise<void>;
}

/** The loop a child runs: spin until its time is up, checking the clock only now and then. */
const LOOP = `
const end = Date.now() + Number(process.argv[1]);
let x = 0;
while (Date.now() < end) for (let i = 0; i < 1e6; i += 1) x = (x * 31 + i) | 0;
`;

/** Starts `loops` busy loops (default: one per core), each ending by itself after `maxMs`. */
export function saturateCpus(options: { loops?: number; maxMs?: number } = {}): CpuLoad {
  const loops = options.loops ?? availableParallelism();
  const maxMs = options.maxMs ?? 20 * 60_000;
  const children: ChildProcess[] = Array.from({ length: loops }, () =>
    spawn(process.execPath, ['-e', LOOP, String(maxMs)], { stdio: 'ignore' }),
  );
  const exited = children.map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      }),
  );
  // A test process that exits without calling stop() (a failure in a hook) still ends them.
  const killAll = (): void => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  return {
    loops,
    pids: children.map((child) => child.pid ?? 0),
    async stop() {
      killAll();
      process.removeListener('exit', killAll);
      await Promise.all(exited);
    },
  };
}

/** True when the run asked for a saturated machine (`CLAUDE_MEM_TEST_LOAD=1`). */
export const loadRequested = (): boolean => process.env.CLAUDE_MEM_TEST_LOAD === '1';

/**
 * For a test file of the saturated slice (`node scripts/run-tests.mjs --saturated`): when
 * `CLAUDE_MEM_TEST_LOAD=1`, busy loops on every core run from before the file's first test until
 * after its last. Call once at the top level of the file. Without the variable it does nothing.
 */
export function saturateWhenAsked(): void {
  if (!loadRequested()) return;
  let load: CpuLoad | undefined;
  before(() => {
    load = saturateCpus();
  });
  after(async () => {
    await load?.stop();
  });
}
