import type { TestContext } from 'node:test';
import type { Db } from '../../src/store/index.ts';

/** Text with a key, a password and a `<private>` block: what the privacy door must take out. */
export const LEAK =
  'key sk-ant-api03-Zq9xW2vB7nM4kL1pR8tY6uI3oE5aS0dF and DB_PASSWORD=hunter2-Secret9 <private>12 Elm Street</private> end';

/** LEAK as it is stored after the privacy door. */
export const CLEAN = 'key [REDACTED:anthropic-key] and DB_PASSWORD=[REDACTED:password]  end';

/**
 * A new text column `planted` in `table`, as a migration and one line in the table's column
 * list (`columns`, a constant of the store) would add it. The test extends the list in place and
 * takes the line out after.
 */
export function plantColumn(
  t: TestContext,
  db: Db,
  table: string,
  columns: Readonly<Record<string, string>>,
): void {
  db.exec(`ALTER TABLE ${table} ADD COLUMN planted TEXT NOT NULL DEFAULT ''`);
  const list = columns as Record<string, string>;
  list.planted = 'text';
  t.after(() => delete list.planted);
}
