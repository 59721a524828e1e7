import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The soak's fake Anthropic API, running in its own process (chaos-provider-main.ts). */
export interface ChaosProvider {
  url: string;
  /** Answers well from now on (the soak's settle phase). */
  turnGood(): void;
  /** Stops the process (again: harmless). */
  close(): Promise<void>;
}

/**
 * Starts the chaotic provider in a child process; `onReply` hears the kind of every reply it
 * sends ('429', 'timeout', 'good', ...).
 */
export function startChaosProvider(
  seed: number,
  onReply: (kind: string) => void,
): Promise<ChaosProvider> {
  const child: ChildProcess = fork(
    join(import.meta.dirname, 'chaos-provider-main.ts'),
    [String(seed)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the chaos provider exited (code ${code})`)));
    child.on('message', (message: { url?: string; kind?: string }) => {
      if (message.kind) onReply(message.kind);
      if (message.url)
        resolve({ url: message.url, turnGood: () => void child.send({ good: true }), close });
    });
  });
}
