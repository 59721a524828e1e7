import { appendFileSync } from 'node:fs';
import { logFile } from './paths.ts';

/** Log levels, least severe first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** A line-oriented logger writing to the data folder. Never throws. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/**
 * Appends `time level [component] message {fields}` lines to `claude-mem.log`. Callers must pass
 * no captured content: logs hold what went wrong, never what the user typed or a tool returned.
 */
export function createLogger(
  dataDir: string,
  component: string,
  minLevel: LogLevel = 'info',
): Logger {
  const file = logFile(dataDir);
  return {
    log(level, message, fields) {
      if (RANK[level] < RANK[minLevel]) return;
      const extra = fields ? ` ${JSON.stringify(fields)}` : '';
      const line = `${new Date().toISOString()} ${level.toUpperCase()} [${component}] ${message}${extra}\n`;
      try {
        appendFileSync(file, line, { mode: 0o600 });
      } catch {
        // The log is best effort: a full disk must not break a hook or the worker.
      }
    },
  };
}
