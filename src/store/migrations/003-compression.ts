/** Schema changes of compression (reserved; filled by the compression work). */
export const compression = `SELECT 1;`;
