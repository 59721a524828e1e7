import type { CompressionStatus } from '../../worker/compression/compress-status.ts';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VERSION } from '../../config/index.ts';
import {
  liveWorker,
  portConflict,
  portHolder,
  readOrCreateToken,
  workerRequest,
} from '../../client/index.ts';
import { readJsonFile } from '../install/json-file.ts';
import { hasMcpServer } from '../install/mcp-merge.ts';
import { PORTABLE_HOOK_BIN } from '../install/hook-commands.ts';
import { INSTALL_HINT, onPath } from '../install/package-name.ts';
import {
  countOurHooks,
  foregroundCaptureHooks,
  usesPortableHooks,
} from '../install/settings-merge.ts';
import { installTargets } from '../install/targets.ts';
import { hookRuntimes, ourHookCommands } from './hook-runtime-check.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

/** No worker of ours runs: is that because something else holds its port? */
async function notRunning(dataDir: string, port: number | undefined): Promise<CheckResult> {
  const conflict = port === undefined ? undefined : portConflict(await portHolder(port, dataDir));
  if (conflict) {
    return fail(
      'worker',
      `not running: port ${port} is ${conflict}; choose another with "claude-mem config set worker.port <n>" (hooks keep capturing into the spool meanwhile)`,
    );
  }
  return fail('worker', 'not running: run "claude-mem worker start"');
}

/** The worker answers /health with this build's version. */
export async function checkWorker(
  dataDir: string,
  port?: number,
): Promise<{ result: CheckResult; health?: Record<string, unknown> }> {
  const info = liveWorker(dataDir);
  if (!info) return { result: await notRunning(dataDir, port) };
  try {
    const token = readOrCreateToken(dataDir);
    const res = await workerRequest(info.port, '/health', { timeoutMs: 2000, token });
    const health = res.body as Record<string, unknown>;
    if (health.version !== VERSION) {
      return {
        result: fail(
          'worker',
          `runs ${String(health.version)}, installed ${VERSION}: run "claude-mem worker restart"`,
        ),
        health,
      };
    }
    return {
      result: ok('worker', `pid ${info.pid}, port ${info.port}, version ${VERSION}`),
      health,
    };
  } catch (error) {
    return {
      result: fail(
        'worker',
        `pid ${info.pid} does not answer (${String(error)}): run "claude-mem worker restart"`,
      ),
    };
  }
}

/**
 * The database fault the worker met while ingesting (corrupt file, full disk, I/O error), which
 * `quick_check` alone may not show (a full disk), with what to do.
 */
export function checkDatabaseFault(health: Record<string, unknown> | undefined): CheckResult {
  const database = health?.database as
    { ok?: boolean; code?: string; message?: string; advice?: string } | undefined;
  if (!health) return warn('ingest', 'unknown (worker not reachable)');
  if (database?.ok !== false) return ok('ingest', 'the database accepts events');
  return fail(
    'ingest',
    `stopped by ${database.code ?? 'a database fault'} (${database.message ?? ''}): ${database.advice ?? 'run "claude-mem doctor"'}`,
  );
}

/** Captured events that are stuck or failed, from the worker's counters. */
export function checkEvents(health: Record<string, unknown> | undefined): CheckResult {
  if (!health) return warn('events', 'unknown (worker not reachable)');
  const events = (health.events ?? {}) as Record<string, number>;
  const failed = events.failed ?? 0;
  const summary =
    Object.entries(events)
      .map(([state, n]) => `${n.toLocaleString('en-US')} ${state}`)
      .join(', ') || 'none yet';
  return failed > 0 ? warn('events', `${summary}: run "claude-mem retry"`) : ok('events', summary);
}

/**
 * Each registered event has our hook exactly once, counting the user's and this repository's
 * settings together (twice would capture everything twice).
 */
export function checkHooks(cliEntry: string): CheckResult {
  const hookBundle = join(dirname(cliEntry), 'hook.cjs');
  const hookMain = join(dirname(cliEntry), 'hook-main.cjs');
  // hook.cjs is the loader; without the bundle beside it every hook answers and captures nothing.
  if (!existsSync(hookMain))
    return fail(
      'hooks',
      `${hookMain} is missing: reinstall claude-mem (or "npm run build" in a clone)`,
    );
  const files = [installTargets(false).settingsFile, installTargets(true).settingsFile];
  const counts: Record<string, number> = {};
  let portable = false;
  const commands: string[] = [];
  const foreground = new Set<string>();
  for (const file of new Set(files)) {
    const settings = readJsonFile(file).value;
    portable ||= usesPortableHooks(settings);
    for (const event of foregroundCaptureHooks(settings, hookBundle)) foreground.add(event);
    const plugin = pluginEnabled(settings) ? 1 : 0;
    commands.push(...ourHookCommands(settings, hookBundle), ...(plugin ? ['node (plugin)'] : []));
    for (const [event, n] of Object.entries(countOurHooks(settings, hookBundle))) {
      counts[event] = (counts[event] ?? 0) + n + plugin;
    }
  }
  const missing = Object.keys(counts).filter((event) => counts[event] === 0);
  const doubled = Object.keys(counts).filter((event) => (counts[event] ?? 0) > 1);
  if (missing.length === Object.keys(counts).length)
    return fail('hooks', 'not registered: run "claude-mem install" (or load the plugin)');
  if (doubled.length > 0)
    return fail(
      'hooks',
      `registered more than once: ${doubled.join(', ')}; run "claude-mem uninstall" then "install" once`,
    );
  if (missing.length > 0)
    return fail('hooks', `missing for ${missing.join(', ')}: run "claude-mem install"`);
  if (portable && !onPath(PORTABLE_HOOK_BIN))
    return fail(
      'hooks',
      `this repository's hooks run "${PORTABLE_HOOK_BIN}", which is not on your PATH: ${INSTALL_HINT}`,
    );
  const runtimes = hookRuntimes(commands);
  if (runtimes.missing.length > 0)
    return fail(
      'hooks',
      `run under ${runtimes.missing.join(', ')}, which is missing: every hook fails; run "claude-mem uninstall", then "claude-mem install"`,
    );
  const registered = `registered once for each of ${Object.keys(counts).length} events; run under ${runtimes.names.join(' and ')}`;
  if (foreground.size > 0)
    return warn(
      'hooks',
      `${registered}; but ${[...foreground].join(', ')} run in the foreground (installed by an older claude-mem), so the agent waits for each: run "claude-mem install" again`,
    );
  return ok('hooks', registered);
}

/**
 * Whether Claude Code's settings enable the claude-mem plugin (`enabledPlugins`), which brings
 * its own hooks and MCP server.
 */
function pluginEnabled(settings: Record<string, unknown>): boolean {
  const enabled = settings.enabledPlugins;
  if (typeof enabled !== 'object' || enabled === null) return false;
  return Object.entries(enabled).some(
    ([name, on]) => name.startsWith('claude-mem@') && on === true,
  );
}

/**
 * Whether claude-mem is installed for Claude Code at all (a hook of ours, the plugin, or our MCP
 * server in the user's or this repository's files): when it is not but another agent has it,
 * doctor says "not installed" instead of failing the Claude Code checks.
 */
export function claudeInstalled(cliEntry: string): boolean {
  const hookBundle = join(dirname(cliEntry), 'hook.cjs');
  const settings = [installTargets(false).settingsFile, installTargets(true).settingsFile];
  const mcp = [installTargets(false).mcpFile, installTargets(true).mcpFile];
  return (
    settings.some((file) => {
      const value = readJsonFile(file).value;
      const counts = Object.values(countOurHooks(value, hookBundle));
      return pluginEnabled(value) || counts.some((n) => n > 0);
    }) || mcp.some((file) => hasMcpServer(readJsonFile(file).value))
  );
}

/** Our MCP server is registered for the user or this repository (or comes with the plugin). */
export function checkMcp(): CheckResult {
  const files = [installTargets(false).mcpFile, installTargets(true).mcpFile];
  const settings = [installTargets(false).settingsFile, installTargets(true).settingsFile];
  if (settings.some((file) => pluginEnabled(readJsonFile(file).value))) {
    return ok('mcp', 'provided by the claude-mem plugin');
  }
  const found = files.filter((file) => hasMcpServer(readJsonFile(file).value));
  return found.length > 0
    ? ok('mcp', `registered in ${found.join(', ')}`)
    : fail('mcp', 'not registered: run "claude-mem install"');
}

/** Provider, auth and budget, as the worker's compression status reports them. */
export async function checkProvider(
  port: number | undefined,
  dataDir: string,
): Promise<CheckResult> {
  if (port === undefined) return warn('provider', 'unknown (worker not reachable)');
  try {
    const token = readOrCreateToken(dataDir);
    const res = await workerRequest(port, '/api/compression/status', { timeoutMs: 2000, token });
    if (res.status !== 200) return warn('provider', `status not available (${res.status})`);
    const body = res.body as Partial<CompressionStatus>;
    const detail = `${body.provider ?? '?'}${body.reason ? `: ${body.reason}` : ''}`;
    const top = body.problems?.[0];
    if (body.budgetExhausted) {
      return warn('provider', `${detail} (daily budget spent: heuristic until tomorrow)`);
    }
    return top
      ? warn(
          'provider',
          `${detail}; ${top.events} events ${top.outcome}: ${top.reason} (see "claude-mem status")`,
        )
      : ok('provider', detail);
  } catch (error) {
    return warn('provider', `unknown (${String(error)})`);
  }
}
