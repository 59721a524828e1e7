// Prints the commands of the README's Quick start block, one per line, so that CI runs exactly
// what a newcomer is told to run, whatever those commands become.
//
//   node scripts/quickstart-commands.mjs [--readme README.md]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** The lines of the first fenced block under the `## Quick start` heading, comments left out. */
export function quickstartCommands(markdown) {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((line) => /^##\s+Quick start\s*$/i.test(line));
  if (heading < 0) throw new Error('no "## Quick start" heading');
  const open = lines.findIndex((line, i) => i > heading && /^(```|~~~)/.test(line));
  const nextHeading = lines.findIndex((line, i) => i > heading && /^##\s/.test(line));
  if (open < 0 || (nextHeading >= 0 && open > nextHeading))
    throw new Error('no fenced block under "## Quick start"');
  const fence = lines[open].slice(0, 3);
  const close = lines.findIndex((line, i) => i > open && line.startsWith(fence));
  if (close < 0) throw new Error('the Quick start block is not closed');
  return lines
    .slice(open + 1, close)
    .map((line) => line.replace(/^\s*\$\s+/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const isMain = process.argv[1] && import.meta.filename === process.argv[1];
if (isMain) {
  const { values } = parseArgs({
    options: { readme: { type: 'string', default: join(import.meta.dirname, '..', 'README.md') } },
  });
  const commands = quickstartCommands(readFileSync(values.readme, 'utf8'));
  if (commands.length === 0) throw new Error('the Quick start block holds no command');
  process.stdout.write(`${commands.join('\n')}\n`);
}
