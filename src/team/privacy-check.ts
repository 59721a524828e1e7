import { sanitizeText } from '../privacy/index.ts';
import type { SharedRow } from '../store/index.ts';

/**
 * Why `row` may not leave this machine, or undefined. The redactor runs again over every text
 * field at push time: a row written before a rule existed, or by a path that slipped past the
 * door, is refused rather than sent when anything still matches (a secret, a `<private>` block).
 */
export function refusalOf(row: SharedRow): string | undefined {
  for (const [field, value] of Object.entries(row.body)) {
    if (typeof value === 'string' && sanitizeText(value) !== value) {
      return `refused at push: a secret or <private> block still matches in its ${field}; edit the memory or unshare it`;
    }
  }
  return undefined;
}
