import './hold-signals.ts';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { dataDirFrom, stateDir } from '../config/paths.ts';
import { NEUTRAL } from './io.ts';

/**
 * `dist/hook.cjs`, what every hook command runs: loads the hook bundle (`dist/hook-main.cjs`)
 * with V8's code cache. A hook is a new process each time, and parsing and compiling the bundle's
 * code anew cost about 7% of its wall time (2 ms of ~30); the cache, taken once after a whole
 * run so it holds every function that run compiled, skips that work.
 *
 * The cache lives in the data folder's `state/` (0700, the user's own: a code cache is code, never
 * read from a shared folder), one file per build and Node (`hook-<build hash>-<node>-<arch>`);
 * V8 itself refuses a cache made by another V8 or with other flags, and one that is refused or
 * missing is written again at exit. Anything wrong with the cache costs only the speed: the
 * bundle is compiled as usual. Kept tiny: it takes only the data folder's paths and the neutral
 * answer from the project's modules (esbuild keeps nothing else of them).
 */

declare const __HOOK_MAIN_HASH__: string;

const MAIN = join(__dirname, 'hook-main.cjs');
const PREFIX = 'hook-';
const SUFFIX = '.code-cache';

/** Writes the cache (temp file, rename) and removes those of other builds. Never throws. */
function saveCache(dir: string, name: string, script: Script): void {
  try {
    const file = join(dir, name);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
    renameSync(temp, file);
    const build = `${PREFIX}${__HOOK_MAIN_HASH__}-`;
    for (const old of readdirSync(dir)) {
      if (old.startsWith(PREFIX) && old.endsWith(SUFFIX) && !old.startsWith(build)) {
        rmSync(join(dir, old), { force: true });
      }
    }
  } catch {
    // No state/ yet (the hook creates it: next run) or no room: the next run compiles again.
  }
}

type ModuleBody = (
  exports: unknown,
  require: NodeJS.Require,
  module: NodeJS.Module,
  filename: string,
  dirname: string,
) => void;

/** The bundle as a CommonJS module body, compiled with the cache when there is a good one. */
function compile(): ModuleBody {
  const source = readFileSync(MAIN, 'utf8');
  const dir = stateDir(dataDirFrom());
  const name = `${PREFIX}${__HOOK_MAIN_HASH__}-${process.version}-${process.arch}${SUFFIX}`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(join(dir, name));
  } catch {
    // First run of this build on this Node.
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: MAIN, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    process.once('exit', () => saveCache(dir, name, script));
  }
  return script.runInThisContext() as ModuleBody;
}

/**
 * The bundle the ordinary way; when even that fails (hook-main.cjs missing: a broken install,
 * or hook.cjs copied alone), the neutral answer: a hook never breaks the session, and
 * `claude-mem doctor` names the missing file.
 */
function loadPlainly(): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS load
    require(MAIN);
  } catch {
    // Another agent's adapter answers `{}` when it has nothing to add.
    const agent = process.argv.includes('--agent', 3);
    writeSync(1, `${agent ? '{}' : JSON.stringify(NEUTRAL)}\n`);
    process.exit(0);
  }
}

let body: ModuleBody | undefined;
try {
  body = compile();
} catch {
  // Whatever failed, the hook still runs: loaded the ordinary way.
}
if (body) body(module.exports, require, module, MAIN, __dirname);
else loadPlainly();
