import type { CompressEvent } from './types.ts';

/** A command whose passing run checks the work before it (issue 34: hypothesis or verified). */
export interface PassingCheck {
  eventId: number;
  at: number;
  by: 'test' | 'command' | 'commit';
}

const TEST =
  /(?:^|[;&|(]\s*|\s)(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|e2e|check)\b|npx\s+(?:jest|vitest|mocha|playwright\s+test)\b|node\s+(?:--test\b|scripts\/run-tests)|pytest\b|python3?\s+-m\s+(?:pytest|unittest)\b|go\s+test\b|cargo\s+(?:test|nextest)\b|make\s+(?:test|check)\b|(?:mvn|gradle|\.\/gradlew)\s+test\b|rspec\b|phpunit\b|dotnet\s+test\b|jest\b|vitest\b)/;
const BUILD =
  /(?:^|[;&|(]\s*|\s)(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|lint|typecheck|tsc)\b|npx\s+(?:tsc|eslint)\b|tsc\b|go\s+(?:build|vet)\b|cargo\s+(?:build|check|clippy)\b|make\b)/;
const COMMIT = /(?:^|[;&|(]\s*|\s)git\s+commit\b/;

const commandOf = (event: CompressEvent): string => {
  const input = event.input as { command?: unknown } | null;
  return typeof input?.command === 'string' ? input.command : '';
};

/**
 * The batch's shell commands that ran a test suite, a build or type check, or a commit, and
 * passed: each verifies what the session stated before it. Failed runs check nothing.
 */
export function passingChecks(events: readonly CompressEvent[]): PassingCheck[] {
  return events.flatMap((event) => {
    if (event.toolName !== 'Bash' || event.failed) return [];
    const command = commandOf(event);
    const by = COMMIT.test(command)
      ? 'commit'
      : TEST.test(command)
        ? 'test'
        : BUILD.test(command)
          ? 'command'
          : undefined;
    return by ? [{ eventId: event.id, at: event.at, by }] : [];
  });
}
