import { loadSettings } from '../../config/index.ts';
import { liveWorker } from '../../client/index.ts';
import { ok, type CheckResult } from './check.ts';
import { demoExpected, isDemoFolder } from './demo-folder.ts';
import { checkDisk } from './disk-check.ts';
import { checkFreeSpace } from './free-space.ts';
import {
  checkDatabaseFault,
  checkEvents,
  checkHooks,
  checkMcp,
  claudeInstalled,
  checkProvider,
  checkWorker,
} from './integration-checks.ts';
import { checkAgents, installedAgents } from './agent-checks.ts';
import {
  checkDatabase,
  checkNode,
  checkPermissions,
  checkSettings,
  checkSpool,
} from './local-checks.ts';
import { checkEmbedder } from './embedder-check.ts';
import { checkProviderCall } from './provider-call-check.ts';
import { checkVectorStore } from './vector-store-check.ts';
import { checkTeam } from './team-check.ts';

function safely(name: string, check: () => CheckResult): CheckResult {
  try {
    return check();
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Like `safely` for a check that gives one result per installed agent. */
function safelyAll(name: string, checks: () => CheckResult[]): CheckResult[] {
  try {
    return checks();
  } catch (error) {
    return [{ name, ok: false, detail: error instanceof Error ? error.message : String(error) }];
  }
}

/**
 * Claude Code's hooks and MCP server; when claude-mem is installed only for other agents, one
 * "not installed" line instead (a failure only when nothing at all is installed).
 */
function claudeChecks(cliEntry: string): CheckResult[] {
  const others = (() => {
    try {
      return claudeInstalled(cliEntry) ? [] : installedAgents(cliEntry);
    } catch {
      return []; // the checks below name the file they cannot read
    }
  })();
  if (others.length > 0) {
    return [
      ok(
        'claude code',
        `not installed (claude-mem is installed for ${others.join(', ')}; "claude-mem install" adds Claude Code)`,
      ),
    ];
  }
  return [safely('hooks', () => checkHooks(cliEntry)), safely('mcp', checkMcp)];
}

/**
 * Every check of `claude-mem doctor` on `dataDir`, in the order it prints them; a check that
 * throws is a failed result naming what it checked. `optIn` (`--check-provider`) lets the
 * provider and embedder checks send a request that may cost tokens.
 */
export async function runChecks(
  dataDir: string,
  cliEntry: string,
  optIn: boolean,
): Promise<CheckResult[]> {
  const { settings } = loadSettings(dataDir);
  const worker = await checkWorker(dataDir, settings['worker.port']);
  const integration = isDemoFolder(dataDir) ? demoExpected : (result: CheckResult) => result;
  return [
    checkNode(),
    safely('data folder', () => checkPermissions(dataDir)),
    safely('settings', () => checkSettings(dataDir)),
    safely('database', () => checkDatabase(dataDir)),
    safely('free space', () => checkFreeSpace(dataDir)),
    worker.result,
    checkDatabaseFault(worker.health),
    safely('disk', () => checkDisk(dataDir, worker.health)),
    ...claudeChecks(cliEntry).map(integration),
    ...safelyAll('agents', () => checkAgents(cliEntry)),
    await checkProvider(liveWorker(dataDir)?.port, dataDir),
    await checkProviderCall({ settings, env: process.env, dataDir, optIn }),
    checkEvents(worker.health),
    await checkVectorStore(dataDir, liveWorker(dataDir)?.port),
    await checkEmbedder({ settings, env: process.env, optIn }),
    safely('spool', () => checkSpool(dataDir)),
    await checkTeam(settings, liveWorker(dataDir)?.port, dataDir),
  ];
}
