import { main } from './main.ts';

// Exit explicitly: a hook's paused stdin or a finished worker's leftovers must not keep the
// process alive, and stdout is flushed first so piped output is never cut.
void main().then(() => {
  process.stdout.write('', () => process.exit(process.exitCode ?? 0));
});
