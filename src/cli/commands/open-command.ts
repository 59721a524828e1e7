import { requestOpenLink } from '../../client/index.ts';
import { usage } from '../cli-error.ts';
import { compressionWorker, type CompressCommandDeps } from '../worker-call.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';

/**
 * `claude-mem open`: prints a one-time link that signs a browser in to the viewer (the page
 * trades it for an HttpOnly cookie), as Jupyter's start line does. Starts the worker when
 * needed. Nothing opens a browser: the link is for whoever runs the command.
 */
export const openCommand: Command<CompressCommandDeps> = async function openCommand(
  args,
  print,
  deps = {},
) {
  if (args.length > 0) throw usage(`open takes no arguments, got "${args[0]}"`);
  const { port, dataDir } = await compressionWorker(deps);
  print(await requestOpenLink(port, dataDir));
  return 0;
};

/** `claude-mem open`: its help, options and handler (the command table's entry). */
export const OPEN_COMMAND = commandEntry(
  'open',
  'Print a one-time link that signs this browser in to the viewer (good once, for 10 minutes); starts the worker',
  openCommand,
);
