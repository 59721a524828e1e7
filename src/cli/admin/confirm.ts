import { createInterface } from 'node:readline';

/** Where a question is asked and answered. */
export interface AskIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean | undefined };
  stderr: { write(text: string): unknown };
}

/**
 * Asks a yes/no question on stderr and reads one line from stdin: true only for y or yes. A
 * closed stdin (a script, `< /dev/null`) answers no, so nothing is ever deleted or spent by
 * accident, and the answer says why: without a terminal, `-y` is the way to say yes.
 */
export function confirm(question: string, io: AskIo): Promise<boolean> {
  io.stderr.write(`${question} [y/N] `);
  const lines = createInterface({ input: io.stdin, terminal: false });
  return new Promise((resolve) => {
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(/^\s*y(es)?\s*$/i.test(line));
    });
    lines.once('close', () => {
      if (!answered) {
        io.stderr.write(io.stdin.isTTY === true ? '\n' : '\nnot a terminal: pass -y to confirm\n');
        resolve(false);
      }
    });
  });
}
