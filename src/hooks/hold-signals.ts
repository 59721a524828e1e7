/**
 * Claude Code 2.1.330 ends background hooks ("async": true) still running when a `claude -p`
 * run ends: SIGTERM, then SIGKILL about a second later. A capture must not be cut short
 * between reading stdin and the durable spool write, so these signals wait for the run (bounded
 * by our own timeouts; the hook exits when done) and the second's grace goes to the capture.
 * Imported first by the loader (dist/hook.cjs) and by the bundle, so the handlers are in place
 * before the rest is read and compiled; a SIGTERM before that still ends the hook, and the
 * worker recovers the lost tool call from the transcript at Stop (src/worker/capture).
 */
for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  if (process.listenerCount(signal) === 0) process.on(signal, () => undefined);
}

export {};
