import type { CliContext } from '../cli-command.ts';
import { dataDirFrom, loadSettings } from '../../config/index.ts';
import { liveWorker } from '../../client/index.ts';
import { usage } from '../cli-error.ts';
import { ok, type CheckResult } from '../doctor/check.ts';
import { demoExpected, isDemoFolder } from '../doctor/demo-folder.ts';
import { checkDisk } from '../doctor/disk-check.ts';
import { checkFreeSpace, vacuumDatabase } from '../doctor/free-space.ts';
import { repairDatabase, type RepairSource } from '../doctor/repair.ts';
import { parseOptions } from '../parse-options.ts';
import {
  checkDatabaseFault,
  checkEvents,
  checkHooks,
  checkMcp,
  claudeInstalled,
  checkProvider,
  checkWorker,
} from '../doctor/integration-checks.ts';
import { checkAgents, installedAgents } from '../doctor/agent-checks.ts';
import {
  checkDatabase,
  checkNode,
  checkPermissions,
  checkSettings,
  checkSpool,
} from '../doctor/local-checks.ts';
import { checkEmbedder } from '../doctor/embedder-check.ts';
import { checkProviderCall } from '../doctor/provider-call-check.ts';
import { checkVectorStore } from '../doctor/vector-store-check.ts';
import { checkTeam } from '../doctor/team-check.ts';
import { contextEntry } from '../command-entry.ts';

/** The options `doctor` accepts. */
export const DOCTOR_OPTIONS = {
  'check-provider': { type: 'boolean' },
  repair: { type: 'boolean' },
  vacuum: { type: 'boolean' },
  'from-backup': { type: 'string' },
  'from-export': { type: 'string' },
} as const;

/** The repair asked for, or undefined for the checks. */
function repairSource(
  values: ReturnType<typeof parseOptions<typeof DOCTOR_OPTIONS>>,
): RepairSource | undefined {
  const backup = values['from-backup'];
  const exported = values['from-export'];
  if (!values.repair) {
    if (backup !== undefined || exported !== undefined)
      throw usage('--from-backup and --from-export go with --repair');
    return undefined;
  }
  if ((backup === undefined) === (exported === undefined))
    throw usage('doctor --repair needs one of --from-backup FILE or --from-export FILE');
  return backup !== undefined ? { backup } : { export: exported ?? '' };
}

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
 * `claude-mem doctor`: every check prints OK or what to do; the exit code is 1 when any check
 * failed (warnings do not fail). With `--repair`, rebuilds a damaged database instead; with
 * `--vacuum`, gives the database's free pages back to the disk.
 */
export async function doctorCommand(args: string[], deps: CliContext): Promise<number> {
  const dataDir = dataDirFrom();
  const values = parseOptions(args, DOCTOR_OPTIONS);
  const source = repairSource(values);
  if (source) return repairDatabase(source, { dataDir, ...deps });
  if (values.vacuum) return vacuumDatabase(dataDir, deps.print);
  const { settings } = loadSettings(dataDir);
  const worker = await checkWorker(dataDir, settings['worker.port']);
  const optIn = values['check-provider'] === true;
  const integration = isDemoFolder(dataDir) ? demoExpected : (result: CheckResult) => result;
  const results: CheckResult[] = [
    checkNode(),
    safely('data folder', () => checkPermissions(dataDir)),
    safely('settings', () => checkSettings(dataDir)),
    safely('database', () => checkDatabase(dataDir)),
    safely('free space', () => checkFreeSpace(dataDir)),
    worker.result,
    checkDatabaseFault(worker.health),
    safely('disk', () => checkDisk(dataDir, worker.health)),
    ...claudeChecks(deps.cliEntry).map(integration),
    ...safelyAll('agents', () => checkAgents(deps.cliEntry)),
    await checkProvider(liveWorker(dataDir)?.port, dataDir),
    await checkProviderCall({ settings, env: process.env, dataDir, optIn }),
    checkEvents(worker.health),
    await checkVectorStore(dataDir, liveWorker(dataDir)?.port),
    await checkEmbedder({ settings, env: process.env, optIn }),
    safely('spool', () => checkSpool(dataDir)),
    await checkTeam(settings, liveWorker(dataDir)?.port, dataDir),
  ];
  for (const result of results) {
    const mark = !result.ok ? 'FAIL' : result.warning ? 'WARN' : 'OK  ';
    deps.print(`${mark} ${result.name.padEnd(13)} ${result.detail}`);
  }
  return results.every((result) => result.ok) ? 0 : 1;
}

/** `claude-mem doctor`: its help, options and handler (the command table's entry). */
export const DOCTOR_COMMAND = contextEntry(
  'doctor [--check-provider]',
  'Check Node, data folder, settings, database, worker, hooks, MCP, provider and budget, events and spool; exit 1 on a problem (warnings do not fail). One tiny request checks the provider and one the embedder: always for a local server, with --check-provider for one that may cost tokens',
  doctorCommand,
  {
    options: DOCTOR_OPTIONS,
    more: [
      {
        usage: ['doctor --repair --from-backup FILE | --from-export FILE'],
        text: 'Rebuild a damaged database from a copy of claude-mem.db or an export (the damaged file is kept aside)',
      },
      {
        usage: ['doctor --vacuum'],
        text: "Give the database's free pages back to the disk (doctor warns when over a quarter of the file is free)",
      },
    ],
  },
);
