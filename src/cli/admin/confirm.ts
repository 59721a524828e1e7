import { createInterface } from 'node:readline';

/** Where a question is asked and answered. */
export interface AskIo {
  stdin: NodeJS.ReadableStream;
  stderr: { write(text: string): unknown };
}

/**
 * Asks a yes/no question on stderr and reads one line from stdin: true only for y or yes. A
 * closed stdin (a script, `< /dev/null`) answers no, so nothing is ever deleted or spent by
 * accident; `--yes` is the way to say yes without a terminal.
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
        io.stderr.write('\n');
        resolve(false);
      }
    });
  });
}
