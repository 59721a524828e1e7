import type { CliContext } from '../cli-command.ts';
import { dataDirFrom } from '../../config/index.ts';
import { usage } from '../cli-error.ts';
import { runChecks } from '../doctor/all-checks.ts';
import { vacuumDatabase } from '../doctor/free-space.ts';
import { repairDatabase, type RepairSource } from '../doctor/repair.ts';
import { parseOptions } from '../parse-options.ts';
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
  const results = await runChecks(dataDir, deps.cliEntry, values['check-provider'] === true);
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
