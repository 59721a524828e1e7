import fc from 'fast-check';

/**
 * fast-check settings of the fuzz tests: a fixed seed so CI runs the same cases every time, and
 * a bounded number of runs. `FUZZ_SEED` and `FUZZ_RUNS` (a multiplier) widen a local run.
 */
export function fuzzOptions(numRuns: number): { seed: number; numRuns: number } {
  const scale = Number(process.env.FUZZ_RUNS ?? 1);
  return {
    seed: Number(process.env.FUZZ_SEED ?? 20_260_701),
    numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(scale) ? scale : 1))),
  };
}

/** Any text: full Unicode including lone surrogates and control characters. */
export const anyText = (maxLength = 200): fc.Arbitrary<string> =>
  fc.string({ unit: 'binary', maxLength });

/**
 * Text built from pieces that matter to a parser: fragments of the given `words`, brackets,
 * quotes, slashes, whitespace, and random characters, so the interesting cases come up often.
 */
export function textOf(words: readonly string[], maxPieces = 20): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...words) },
    { weight: 2, arbitrary: fc.constantFrom('<', '>', '/', '"', "'", ' ', '\n', '\t', '=', ':') },
    { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
  );
  return fc.array(piece, { maxLength: maxPieces }).map((pieces) => pieces.join(''));
}
