import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** What the Agent SDK asks us to spawn (its `SpawnOptions`, the parts we use). */
export interface SpawnRequest {
  command: string;
  args: string[];
  cwd?: string | undefined;
  env: Record<string, string | undefined>;
  signal?: AbortSignal | undefined;
}

/** Children spawned for the compressor, each reaped for sure. */
export interface Reaper {
  /** Spawns in a new process group, so the whole group can be killed. */
  spawn(request: SpawnRequest): ChildProcessByStdio<Writable, Readable, Readable>;
  /** Waits up to `graceMs` for `child` to exit, then kills its process group. */
  settle(child: ChildProcess, graceMs: number): Promise<void>;
  /** Kills a child's process group now. */
  kill(child: ChildProcess): void;
  /** The last stderr output of a child (for error messages). */
  stderrOf(child: ChildProcess): string;
  /** Pids of children still running. */
  live(): number[];
  /** Kills every child (worker shutdown). */
  killAll(): void;
}

const STDERR_TAIL = 2000;

const exited = (child: ChildProcess): boolean =>
  child.exitCode !== null || child.signalCode !== null;

/** Kills the child's group; after the child exited only the rest of its group is left to kill. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    if (!exited(child)) child.kill('SIGKILL'); // No such group any more: the child alone.
  }
}

/**
 * Spawns the `claude` processes of the claude-code provider and makes sure none outlives its
 * call: each runs in its own process group (whatever it starts dies with it), its stderr is
 * drained into a short tail, and `settle` kills the group if it has not exited after the call.
 */
export function createReaper(): Reaper {
  const children = new Set<ChildProcess>();
  const tails = new WeakMap<ChildProcess, string>();
  return {
    spawn(request) {
      const child = spawn(request.command, request.args, {
        cwd: request.cwd,
        env: request.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      children.add(child);
      tails.set(child, '');
      child.stderr.on('data', (chunk: Buffer) => {
        tails.set(child, ((tails.get(child) ?? '') + chunk.toString('utf8')).slice(-STDERR_TAIL));
      });
      child.once('exit', () => children.delete(child));
      child.once('error', () => children.delete(child));
      request.signal?.addEventListener('abort', () => killGroup(child), { once: true });
      return child;
    },
    async settle(child, graceMs) {
      if (!exited(child)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      killGroup(child);
      children.delete(child);
    },
    kill: killGroup,
    stderrOf: (child) => tails.get(child) ?? '',
    live: () => [...children].filter((child) => !exited(child)).map((child) => child.pid ?? 0),
    killAll() {
      for (const child of children) killGroup(child);
      children.clear();
    },
  };
}
