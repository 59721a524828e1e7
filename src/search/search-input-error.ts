/**
 * A search, timeline or context request that cannot be answered as asked (a bad date, an
 * unknown anchor). The worker answers it with 400 and `field: message`.
 */
export class SearchInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'SearchInputError';
  }
}
