let counter = 0;

/**
 * A process-unique, practically globally unique id: time, pid, a per-process counter and 64
 * random bits. Built without node:crypto because loading it costs the hook ~2 ms of its start-up
 * budget; uniqueness, not secrecy, is what ids and temp names need.
 */
export function uniqueId(): string {
  counter += 1;
  const random = () => Math.floor(Math.random() * 2 ** 32).toString(36);
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter.toString(36)}${random()}${random()}`;
}
