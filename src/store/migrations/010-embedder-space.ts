/**
 * Vectors carry their dimension beside their embedder id (`model`), so a stored vector says
 * which space it belongs to without decoding the blob; existing rows get it from their size
 * (float32: 4 bytes a dimension). Which model's vectors search may use, and whether a switch of
 * embedder is still re-embedding, live in recall_meta (`vectors.model`, `vectors.dimensions`,
 * `vectors.filling`): no schema change is needed for them.
 */
export const embedderSpace = `
ALTER TABLE recall_vectors ADD COLUMN dimensions INTEGER NOT NULL DEFAULT 0;
UPDATE recall_vectors SET dimensions = length(embedding) / 4;
`;
