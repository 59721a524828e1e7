// Hashes for names and buckets, not for security: hooks load this module, and node:crypto would
// cost each of them ~2 ms of start-up.

/** FNV-1a over UTF-16 code units, 32 bits; other `basis`/`prime` pairs give independent lanes. */
export function fnv1a32(text: string, basis = 0x811c9dc5, prime = 0x01000193): number {
  let hash = basis;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), prime);
  return hash >>> 0;
}

/** Two FNV-1a lanes as 16 hex digits: a stable key for file names and identities. */
export function stableHash(text: string): string {
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return hex(fnv1a32(text)) + hex(fnv1a32(text, 0x01000193, 0x811c9dc5));
}
