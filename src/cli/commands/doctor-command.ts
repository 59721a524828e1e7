import { dataDirFrom, loadSettings } from '../../config/index.ts';
import { liveWorker } from '../../client/index.ts';
import type { CheckResult } from '../doctor/check.ts';
import { demoExpected, isDemoFolder } from '../doctor/demo-folder.ts';
import {
  checkEvents,
  checkHooks,
  checkMcp,
  checkProvider,
  checkWorker,
} from '../doctor/integration-checks.ts';
import {
  checkDatabase,
  checkNode,
  checkPermissions,
  checkSettings,
  checkSpool,
} from '../doctor/local-checks.ts';

type Print = (line: string) => void;

function safely(name: string, check: () => CheckResult): CheckResult {
  try {
    return check();
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `claude-mem doctor`: every check prints OK or what to do; the exit code is 1 when any check
 * failed (warnings do not fail).
 */
export async function doctorCommand(
  _args: string[],
  deps: { cliEntry: string; print: Print },
): Promise<number> {
  const dataDir = dataDirFrom();
  const worker = await checkWorker(dataDir, loadSettings(dataDir).settings['worker.port']);
  const integration = isDemoFolder(dataDir) ? demoExpected : (result: CheckResult) => result;
  const results: CheckResult[] = [
    checkNode(),
    safely('data folder', () => checkPermissions(dataDir)),
    safely('settings', () => checkSettings(dataDir)),
    safely('database', () => checkDatabase(dataDir)),
    worker.result,
    integration(safely('hooks', () => checkHooks(deps.cliEntry))),
    integration(safely('mcp', checkMcp)),
    await checkProvider(liveWorker(dataDir)?.port),
    checkEvents(worker.health),
    safely('spool', () => checkSpool(dataDir)),
  ];
  for (const result of results) {
    const mark = !result.ok ? 'FAIL' : result.warning ? 'WARN' : 'OK  ';
    deps.print(`${mark} ${result.name.padEnd(12)} ${result.detail}`);
  }
  return results.every((result) => result.ok) ? 0 : 1;
}
