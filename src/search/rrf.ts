/** The usual RRF constant (Cormack et al., SIGIR 2009): damps the weight of the very top ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each id scores the sum of weight / (k + rank) over the lists it
 * appears in (rank from 1; weight 1 unless given per list). Returns ids best first; ties keep
 * the order of first appearance.
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly number[]>,
  k = RRF_K,
  weights: readonly number[] = [],
): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  lists.forEach((list, which) => {
    const weight = weights[which] ?? 1;
    list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + weight / (k + index + 1)));
  });
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
