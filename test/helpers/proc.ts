import { readFileSync, readdirSync } from 'node:fs';

function readProcFile(pid: string, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'latin1');
  } catch {
    return ''; // Gone, a zombie, or not ours: not a worker we can see.
  }
}

/**
 * PIDs of the live `worker run` processes whose environment points at `dataDir` (Linux /proc).
 * Reads each process's argv and environ, so it finds a worker whatever started it.
 */
export function workerPidsFor(dataDir: string): number[] {
  return pidsFor(dataDir, (argv) => argv.includes('worker') && argv.includes('run'));
}

/** PIDs of the live processes whose environment points at `dataDir` and whose argv `matches`. */
function pidsFor(dataDir: string, matches: (argv: string[]) => boolean): number[] {
  const wanted = `CLAUDE_MEM_DATA_DIR=${dataDir}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      const argv = readProcFile(pid, 'cmdline').split('\0');
      return matches(argv) && readProcFile(pid, 'environ').split('\0').includes(wanted);
    })
    .map(Number);
}

/**
 * Waits (at most `timeoutMs`) until no hook process of `dataDir` runs: Claude Code runs the
 * capture hooks in the background (`"async": true`) and SessionEnd's outlive the CLI, so a test
 * that reads the data folder, stops its worker or removes it waits for them first.
 */
export async function waitForNoHooks(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const isHook = (argv: string[]) => argv.some((arg) => /hook\.cjs|claude-mem-hook/.test(arg));
  const deadline = Date.now() + timeoutMs;
  while (pidsFor(dataDir, isHook).length > 0 && Date.now() < deadline) await sleep(50);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (at most `timeoutMs`) until no worker of any of `dataDirs` runs. One that a hook started
 * but that never became healthy (its port was taken) has no PID file to be stopped by: it exits
 * on its own, and keeps writing its log until it does.
 */
export async function waitForNoWorkers(dataDirs: readonly string[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (dataDirs.some((dir) => workerPidsFor(dir).length > 0) && Date.now() < deadline) {
    await sleep(50);
  }
}

/**
 * Local addresses (dotted IPv4, or `ipv6:<hex>`) of every TCP socket listening on `port`,
 * read from /proc/net/tcp and /proc/net/tcp6.
 */
export function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = readProcFile('net', table).split('\n').slice(1);
    for (const line of lines) {
      const [, local = '', , state] = line.trim().split(/\s+/);
      const [address = '', localPort] = local.split(':');
      if (state === '0A' && localPort === hexPort) found.push(decodeAddress(table, address));
    }
  }
  return found;
}

function decodeAddress(table: string, hex: string): string {
  if (table === 'tcp6') return `ipv6:${hex}`;
  // /proc/net/tcp prints the IPv4 address as a little-endian 32-bit hex number.
  const bytes = hex.match(/../g) ?? [];
  return bytes
    .reverse()
    .map((byte) => parseInt(byte, 16))
    .join('.');
}
