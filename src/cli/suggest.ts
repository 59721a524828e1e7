/** Levenshtein distance (insert, delete, substitute: 1 each). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitute = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitute));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate closest to `input` (case-insensitive), when close enough to be a typo: at most
 * a third of the input's length, and at least 1, edits away; or one that starts with it.
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  if (best) return best.name;
  return wanted.length >= 3 ? candidates.find((name) => name.startsWith(wanted)) : undefined;
}

/** ` Did you mean "x"?`, or nothing when no candidate is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const found = closest(input, candidates);
  return found === undefined ? '' : ` Did you mean "${found}"?`;
}
