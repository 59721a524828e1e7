import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';

/**
 * A fresh folder under the system temp dir (its real path, so paths git writes compare equal),
 * removed when the test ends.
 */
export function tempDir(t: TestContext, prefix = 'claude-mem-unit-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
