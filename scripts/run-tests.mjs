// Runs node's test runner over an explicit list of test files. Node 20 neither expands globs
// nor finds .ts files in a folder: without the list it would run zero tests and pass.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const UNIT_TESTS = [
  'src/capture/capture.test.ts',
  'src/capture/events.test.ts',
  'src/capture/private-turn.test.ts',
  'src/client/token.test.ts',
  'src/client/worker-info.test.ts',
  'src/config/project.test.ts',
  'src/config/settings-schema.test.ts',
  'src/config/settings.test.ts',
  'src/hooks/io.test.ts',
  'src/hooks/run-hook.test.ts',
  'src/spool/event.test.ts',
  'src/spool/reader.test.ts',
  'src/spool/writer.test.ts',
  'src/store/captured.test.ts',
  'src/store/db.test.ts',
  'src/store/migrate.test.ts',
  'src/store/migrations/002-memory.test.ts',
  'src/store/sessions.test.ts',
  'src/worker/app.test.ts',
  'src/worker/ingest.test.ts',
  'src/privacy/assignment.test.ts',
  'src/privacy/elide.test.ts',
  'src/privacy/redact-secrets.test.ts',
  'src/privacy/sanitize.test.ts',
  'src/privacy/secret-rules.test.ts',
  'src/privacy/strip-tags.test.ts',
  'src/transcripts/agent-replay.test.ts',
  'src/transcripts/corpus.test.ts',
  'src/transcripts/count-tool-pairs.test.ts',
  'src/transcripts/list-transcript-files.test.ts',
  'src/transcripts/session-replay.test.ts',
  'src/transcripts/transcript-line.test.ts',
  'src/transcripts/transcript-paths.test.ts',
  'src/transcripts/user-line-kind.test.ts',
];

export const E2E_TESTS = [
  'test/e2e/cli.test.ts',
  'test/e2e/concurrent-hooks.test.ts',
  'test/e2e/hostile-payloads.test.ts',
  'test/e2e/install.test.ts',
  'test/e2e/privacy-leak.test.ts',
  'test/e2e/worker-security.test.ts',
  'test/e2e/replay-corpus.test.ts',
  'test/e2e/replay-durability.test.ts',
];

const files = [...UNIT_TESTS, ...E2E_TESTS];
const missing = files.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`test files listed but missing:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
