/**
 * About how many model tokens a text costs: a character count over 4, the usual rule of thumb for
 * English and code. Good enough for budgets and for "~N tokens" hints; never used for billing.
 */
export function estimateTokens(chars: number | string): number {
  const length = typeof chars === 'number' ? chars : chars.length;
  return Math.ceil(length / 4);
}
