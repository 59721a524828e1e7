/** Schema changes of recall (reserved; filled by the recall work). */
export const recall = `SELECT 1;`;
