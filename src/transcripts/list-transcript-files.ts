import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir: string, found: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path, found);
    else if (entry.isFile() && entry.name.endsWith('.jsonl')) found.push(path);
  }
}

/**
 * Every `*.jsonl` file under `root`, recursively (subagent transcripts included), as paths
 * joined onto `root`, sorted by code unit so the order is the same on every machine.
 */
export function listTranscriptFiles(root: string): string[] {
  const found: string[] = [];
  collect(root, found);
  return found.sort();
}
