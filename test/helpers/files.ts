import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every regular file under `dir`, recursively (symlinks are not followed). */
export function listFilesRecursive(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFilesRecursive(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Which of `needles` occur in which files under `dir`, searched as raw UTF-8 bytes so binary
 * files (the database, its WAL) are covered. Returns `needle -> files`, only for needles found.
 */
export function findInFiles(dir: string, needles: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of listFilesRecursive(dir)) {
    const bytes = readFileSync(file);
    for (const needle of needles.filter((text) => bytes.includes(Buffer.from(text, 'utf8')))) {
      (found[needle] ??= []).push(file);
    }
  }
  return found;
}
