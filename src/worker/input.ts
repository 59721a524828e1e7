import { z } from 'zod';

/** `a,b , c` -> `['a', 'b', 'c']`: a comma-separated query parameter of at most `max` chars. */
export const csvList = (max: number) =>
  z
    .string()
    .max(max)
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );
