/**
 * The shape of a shell command, the key a dead end is recalled by (issue 34): the program and
 * up to two more plain words, after leading `cd x &&`-style steps, env assignments and wrappers
 * (`sudo`, `time`, `env`). `cd web && CI=1 npm run e2e -- --headed` has the shape `npm run e2e`.
 */
export function commandShape(command: string): string {
  const words = mainStep(command)
    .split(/\s+/)
    .filter((word) => word !== '');
  let start = 0;
  while (start < words.length && isPrefixWord(words[start] as string)) start += 1;
  const shape: string[] = [];
  for (const word of words.slice(start)) {
    if (shape.length === 3 || !PLAIN.test(word)) break;
    shape.push(word);
  }
  return shape.join(' ');
}

/**
 * The shape, or '' when it is too general to warn about: a lone program that takes everything
 * as arguments (`npm`, `git`, `node`), so that a dead end of `npm run e2e` is never told before
 * any `npm` call.
 */
export function specificShape(command: string): string {
  const shape = commandShape(command);
  return shape.includes(' ') || !GENERAL.has(shape) ? shape : '';
}

/** The command's text with its whitespace collapsed: a recorded fix is compared by it. */
export const commandText = (command: string): string => command.trim().replace(/\s+/g, ' ');

const PLAIN = /^[\w:.@/+][\w:.@/+-]*$/;
const WRAPPERS = new Set(['sudo', 'time', 'env', 'command', 'exec', 'nohup']);
const SETUP = /^(?:cd|pushd|export|source|\.|set|unset|nvm|ulimit)\b/;
const GENERAL = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'node',
  'deno',
  'git',
  'python',
  'python3',
  'pip',
  'bash',
  'sh',
  'zsh',
  'cargo',
  'go',
  'make',
  'docker',
  'ls',
  'cat',
  'echo',
]);

const isPrefixWord = (word: string): boolean =>
  WRAPPERS.has(word) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);

/** The first step of the first line that is not setup (`cd`, `export`, ...). */
function mainStep(command: string): string {
  const line = command.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const steps = line.split(/&&|\|\||;|\|/).map((step) => step.trim());
  return steps.find((step) => step !== '' && !SETUP.test(step)) ?? '';
}
