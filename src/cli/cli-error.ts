/** A user-facing CLI failure: printed as one line, no stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A usage mistake (exit code 2) with a pointer to help. */
export function usage(message: string): CliError {
  return new CliError(`${message}\nRun "claude-mem --help" for usage.`, 2);
}
