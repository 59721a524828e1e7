import type { Logger, LogLevel } from '../../src/config/index.ts';

/** One line a {@link recordingLogger} kept. */
export interface LoggedLine {
  level: LogLevel;
  message: string;
  fields?: Record<string, unknown> | undefined;
}

/** A logger that keeps every line in memory, for asserting what was logged. */
export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  return {
    lines,
    log(level, message, fields) {
      lines.push({ level, message, fields });
    },
  };
}

/** A logger that drops everything (benchmarks). */
export const silentLogger: Logger = { log: () => undefined };
