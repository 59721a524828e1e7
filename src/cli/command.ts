/**
 * A `claude-mem` subcommand: parses its arguments, prints through `print`, resolves to the exit
 * code. `deps` are its ambient parts (environment, CLI bundle...), defaulting to the real process.
 */
export type Command<Deps> = (
  args: string[],
  print: (line: string) => void,
  deps?: Deps,
) => Promise<number>;
