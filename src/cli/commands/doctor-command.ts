import { parseArgs } from 'node:util';
import { dataDirFrom, loadSettings } from '../../config/index.ts';
import { liveWorker } from '../../client/index.ts';
import { usage } from '../cli-error.ts';
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
import { checkProviderCall } from '../doctor/provider-call-check.ts';
import { checkVectorStore } from '../doctor/vector-store-check.ts';

type Print = (line: string) => void;

/** The options `doctor` accepts. */
export const DOCTOR_OPTIONS = { 'check-provider': { type: 'boolean' } } as const;

function safely(name: string, check: () => CheckResult): CheckResult {
  try {
    return check();
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

function parseDoctorArgs(args: string[]): { 'check-provider'?: boolean } {
  try {
    return parseArgs({ args, options: DOCTOR_OPTIONS }).values;
  } catch (error) {
    throw usage((error as Error).message);
  }
}

/**
 * `claude-mem doctor`: every check prints OK or what to do; the exit code is 1 when any check
 * failed (warnings do not fail).
 */
export async function doctorCommand(
  args: string[],
  deps: { cliEntry: string; print: Print },
): Promise<number> {
  const dataDir = dataDirFrom();
  const { settings } = loadSettings(dataDir);
  const worker = await checkWorker(dataDir, settings['worker.port']);
  const optIn = parseDoctorArgs(args)['check-provider'] === true;
  const integration = isDemoFolder(dataDir) ? demoExpected : (result: CheckResult) => result;
  const results: CheckResult[] = [
    checkNode(),
    safely('data folder', () => checkPermissions(dataDir)),
    safely('settings', () => checkSettings(dataDir)),
    safely('database', () => checkDatabase(dataDir)),
    worker.result,
    integration(safely('hooks', () => checkHooks(deps.cliEntry))),
    integration(safely('mcp', checkMcp)),
    await checkProvider(liveWorker(dataDir)?.port, dataDir),
    await checkProviderCall({ settings, env: process.env, dataDir, optIn }),
    checkEvents(worker.health),
    await checkVectorStore(dataDir, liveWorker(dataDir)?.port),
    safely('spool', () => checkSpool(dataDir)),
  ];
  for (const result of results) {
    const mark = !result.ok ? 'FAIL' : result.warning ? 'WARN' : 'OK  ';
    deps.print(`${mark} ${result.name.padEnd(13)} ${result.detail}`);
  }
  return results.every((result) => result.ok) ? 0 : 1;
}
