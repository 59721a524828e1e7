// Runs node's test runner over explicit lists of test files. Node 20 neither expands globs
// nor finds .ts files in a folder: without the lists it would run zero tests and pass, so
// `--check-list` (run first by `npm test`, and at the start of every run) fails on a test file
// that no list names.
//
//   node scripts/run-tests.mjs                 every list; the soak last and alone
//   node scripts/run-tests.mjs --check-list    only the check [--root DIR: another tree]
//   node scripts/run-tests.mjs [--file-timeout MS] [--verbose] FILE...   just these files
//   node scripts/run-tests.mjs --saturated [FILE...]   the soak and the worker-restart tests
//                                                      (or these files), every core kept busy
//
// Each file runs in its own process with a time limit (a hung file is killed and named), and
// the run ends with a summary: counts, the failing tests by name, the files that timed out.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkList, describeProblems } from './test-runner/check-list.mjs';
import { killAll, runFiles } from './test-runner/run-files.mjs';
import { fileReport, runSummary } from './test-runner/summary.mjs';

export const UNIT_TESTS = [
  'src/store/memory/fact-subjects.test.ts',
  'src/store/memory/supersession.test.ts',
  'src/context/newest-wins.test.ts',
  'src/capture/agents/adapters.test.ts',
  'src/cli/install/agents/toml-block.test.ts',
  'src/cli/install/json-edit.test.ts',
  'src/cli/install/file-plan.test.ts',
  'src/cli/install/json-file.test.ts',
  'src/cli/install/agents/toml-check.test.ts',
  'src/store/capture/session-agent.test.ts',
  'src/search/agent-filter.test.ts',
  'src/store/memory/memory-feed-agent.test.ts',
  'src/context/agent-marks.test.ts',
  'src/cli/doctor/agent-checks.test.ts',
  'src/client/handover.test.ts',
  'src/worker/data-lock.test.ts',
  'src/cli/commands/import-command.test.ts',
  'src/cli/commands/eval-command.test.ts',
  'src/cli/eval/eval-run.test.ts',
  'src/cli/eval/eval-history.test.ts',
  'test/fuzz/hook-input.test.ts',
  'test/fuzz/strip-tags.test.ts',
  'test/fuzz/redact-secrets.test.ts',
  'test/fuzz/redaction-time.test.ts',
  'test/fuzz/fts-query.test.ts',
  'test/fuzz/http-validators.test.ts',
  'src/context/build-context.test.ts',
  'src/context/format.test.ts',
  'src/context/learned-rank.test.ts',
  'src/context/rank.test.ts',
  'src/context/select.test.ts',
  'src/context/text.test.ts',
  'src/context/type-icons.test.ts',
  'src/compress/command-shape.test.ts',
  'src/compress/dead-ends.test.ts',
  'src/context/dead-end-warning.test.ts',
  'src/store/admin/consolidation.test.ts',
  'src/worker/admin/consolidation-service.test.ts',
  'src/search/consolidation-search.test.ts',
  'src/mcp/format.test.ts',
  'src/mcp/server.test.ts',
  'src/mcp/stdin-guard.test.ts',
  'src/mcp/worker-client.test.ts',
  'src/search/embed-text.test.ts',
  'src/search/embedder-space.test.ts',
  'src/search/embedder-switch.test.ts',
  'src/search/embedders/recipes.test.ts',
  'src/search/embedders/from-settings.test.ts',
  'src/search/embedders/hash-embedder.test.ts',
  'src/search/embedders/local-embedder.test.ts',
  'src/search/embedders/openai-embedder.test.ts',
  'src/search/embedding-runtime.test.ts',
  'src/search/filters.test.ts',
  'src/search/fts-query.test.ts',
  'src/search/code-aware.test.ts',
  'src/search/fts-search.test.ts',
  'src/search/search-horizon.test.ts',
  'src/search/exact-search.test.ts',
  'src/search/fts-probe.test.ts',
  'src/search/list-rank.test.ts',
  'src/search/lists-ahead.test.ts',
  'src/context/recall-abstain.test.ts',
  'test/unit/search-partial.test.ts',
  'src/config/poller.test.ts',
  'src/search/rrf.test.ts',
  'src/search/relevance-floor.test.ts',
  'src/search/vector-cutoff.test.ts',
  'src/search/search.test.ts',
  'src/search/time-range.test.ts',
  'src/search/timeline.test.ts',
  'src/search/vector-index.test.ts',
  'src/store/memory/memory-edit.test.ts',
  'src/store/team/team-scope.test.ts',
  'src/search/team-filters.test.ts',
  'src/context/team-context.test.ts',
  'src/worker/team/team-share.test.ts',
  'src/worker/team/team-share-routes.test.ts',
  'src/worker/team/first-pull-wait.test.ts',
  'src/store/memory/memory-read.test.ts',
  'src/worker/recall/recall-input.test.ts',
  'src/worker/recall/recall-routes.test.ts',
  'src/worker/recall/recall-moment-routes.test.ts',
  'src/store/usage/recall-injected.test.ts',
  'src/context/recall-anchors.test.ts',
  'src/context/recall-entries.test.ts',
  'src/context/prompt-relevance.test.ts',
  'src/context/strongest.test.ts',
  'src/worker/recall/recall-phrasings.test.ts',
  'src/worker/recall/search-successors.test.ts',
  'src/store/admin/forget.test.ts',
  'src/store/admin/retention.test.ts',
  'src/store/admin/export-import.test.ts',
  'src/worker/admin/admin-routes.test.ts',
  'src/worker/admin/retention-service.test.ts',
  'src/cli/admin/confirm.test.ts',
  'src/cli/suggest.test.ts',
  'src/cli/command-table.test.ts',
  'src/cli/command-entry.test.ts',
  'src/cli/fs-failure.test.ts',
  'src/cli/commands/worker-status.test.ts',
  'test/unit/ui-format.test.ts',
  'test/unit/ui-team-filter.test.ts',
  'test/unit/closed-lists.test.ts',
  'src/cli/memory/edit-format.test.ts',
  'src/cli/commands/recall-status.test.ts',
  'src/cli/commands/status-command.test.ts',
  'src/cli/doctor/provider-call-check.test.ts',
  'src/cli/doctor/embedder-check.test.ts',
  'src/compress/probe.test.ts',
  'src/cli/backfill/chunks.test.ts',
  'src/cli/backfill/cost-estimate.test.ts',
  'src/cli/backfill/progress.test.ts',
  'src/cli/backfill/scan-progress.test.ts',
  'src/cli/backfill/run-backfill.test.ts',
  'src/cli/backfill/session-events.test.ts',
  'src/cli/backfill/session-plan.test.ts',
  'src/cli/backfill/transcript-times.test.ts',
  'src/compress/compress-error.test.ts',
  'src/compress/escape-data.test.ts',
  'src/compress/prices.test.ts',
  'src/compress/chain.test.ts',
  'src/compress/compact-text.test.ts',
  'src/compress/llm-compressor.test.ts',
  'src/compress/llm-compressor-closing.test.ts',
  'src/compress/noise.test.ts',
  'src/compress/normalize.test.ts',
  'src/compress/parse-closing.test.ts',
  'src/compress/parse-output.test.ts',
  'src/compress/render-event.test.ts',
  'src/compress/retry.test.ts',
  'src/compress/rate-gate.test.ts',
  'src/compress/llm-call.test.ts',
  'src/compress/select-provider.test.ts',
  'src/compress/semaphore.test.ts',
  'src/compress/slice.test.ts',
  'src/compress/providers/anthropic.test.ts',
  'src/compress/providers/claude-code.test.ts',
  'src/compress/providers/claude-detect.test.ts',
  'src/compress/providers/heuristic.test.ts',
  'src/compress/providers/openai.test.ts',
  'src/compress/providers/process-reaper.test.ts',
  'src/store/capture/event-state.test.ts',
  'src/store/memory/observations-write.test.ts',
  'test/helpers/bulk-insert.test.ts',
  'src/search/query-plans.test.ts',
  'src/context/context-plans.test.ts',
  'src/store/migrations/011-counts.test.ts',
  'src/store/migrations/014-fts-batches.test.ts',
  'src/worker/admin/maintenance-service.test.ts',
  'src/cli/doctor/free-space.test.ts',
  'src/store/privacy-door.test.ts',
  'src/store/memory/memory-columns.test.ts',
  'src/store/capture/capture-columns.test.ts',
  'src/store/usage/usage.test.ts',
  'src/store/usage/use-record.test.ts',
  'src/store/usage/use-rank.test.ts',
  'src/store/usage/usage-report.test.ts',
  'src/store/usage/overview.test.ts',
  'src/store/migrations/006-overview.test.ts',
  'src/store/migrations/008-team.test.ts',
  'src/team/remote.test.ts',
  'src/team/connection.test.ts',
  'src/store/team/team-pulled.test.ts',
  'src/store/team/team-prompt-scrub.test.ts',
  'src/worker/hook-traffic.test.ts',
  'src/store/row-door.test.ts',
  'src/store/team/team-sessions.test.ts',
  'src/store/migrations/016-set-aside.test.ts',
  'src/cli/terminal-text.test.ts',
  'src/config/settings/team-sync-settings.test.ts',
  'src/team/stall.test.ts',
  'src/team/team-url.test.ts',
  'src/cli/team/team-status.test.ts',
  'src/store/migrations/009-code-search.test.ts',
  'src/store/migrations/003-compression.test.ts',
  'src/worker/compression/compress-closing.test.ts',
  'src/worker/compression/compress-loop.test.ts',
  'src/worker/compression/turn-plan.test.ts',
  'src/worker/compression/compression-service.test.ts',
  'src/worker/search-keys.test.ts',
  'src/worker/anchors-git.test.ts',
  'src/anchors/check-anchors.test.ts',
  'src/anchors/make-anchors.test.ts',
  'src/mcp/anchor-format.test.ts',
  'src/context/anchor-marks.test.ts',
  'test/helpers/fake-anthropic.test.ts',
  'test/helpers/fake-openai.test.ts',
  'src/store/memory/memory-feed.test.ts',
  'src/worker/viewer/viewer-live.test.ts',
  'src/worker/viewer/viewer-routes.test.ts',
  'src/worker/viewer/viewer-overview-routes.test.ts',
  'src/worker/privacy-door-routes.test.ts',
  'src/worker/viewer/viewer-static.test.ts',
  'src/worker/errors.test.ts',
  'src/capture/capture.test.ts',
  'src/capture/payload.test.ts',
  'src/capture/events.test.ts',
  'src/capture/private-turn.test.ts',
  'src/client/port-holder.test.ts',
  'src/client/token.test.ts',
  'src/client/worker-info.test.ts',
  'src/config/own-tools.test.ts',
  'src/config/paths.test.ts',
  'src/config/project.test.ts',
  'src/config/settings-schema.test.ts',
  'src/config/setting-labels.test.ts',
  'src/config/settings.test.ts',
  'src/config/env-names.test.ts',
  'src/cli/env-warnings.test.ts',
  'src/hooks/io.test.ts',
  'src/hooks/run-hook.test.ts',
  'src/hooks/moment-recall.test.ts',
  'src/spool/event.test.ts',
  'src/spool/reader.test.ts',
  'src/spool/writer.test.ts',
  'src/spool/reserve.test.ts',
  'src/spool/stale-temp.test.ts',
  'src/spool/quarantine.test.ts',
  'src/worker/capture/ingest-fault.test.ts',
  'src/store/capture/captured.test.ts',
  'src/store/db.test.ts',
  'src/store/read-snapshot.test.ts',
  'src/store/migrate.test.ts',
  'src/store/migrations/002-memory.test.ts',
  'src/store/capture/sessions.test.ts',
  'src/worker/app.test.ts',
  'src/worker/disk-health.test.ts',
  'src/worker/open-links.test.ts',
  'src/worker/capture/ingest.test.ts',
  'src/worker/capture/recover-tools.test.ts',
  'src/privacy/assignment.test.ts',
  'src/privacy/elide.test.ts',
  'src/privacy/gitleaks-rules.test.ts',
  'src/privacy/needle-scan.test.ts',
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
  'src/transcripts/use-signals.test.ts',
  'src/transcripts/user-line-kind.test.ts',
  'test/tooling/no-outside-paths.test.ts',
  'test/tooling/quickstart-commands.test.ts',
  'test/helpers/cpu-load.test.ts',
];

export const E2E_TESTS = [
  'test/e2e/supersede-hooks.test.ts',
  'test/e2e/eval-cli.test.ts',
  'test/e2e/recall-embedder-switch.test.ts',
  'test/team/sync-engine.test.ts',
  'test/team/hostile-member.test.ts',
  'test/team/server-upgrade.test.ts',
  'test/team/sync-sessions.test.ts',
  'test/e2e/team-sync.test.ts',
  'test/e2e/team-stall.test.ts',
  'test/e2e/team-scenario.test.ts',
  'test/e2e/team-share.test.ts',
  'test/e2e/team-hostile-rows.test.ts',
  'test/e2e/import-odd-rows.test.ts',
  'test/e2e/viewer-team.test.ts',
  'test/e2e/viewer-team-status.test.ts',
  'test/e2e/fault-db-lock.test.ts',
  'test/e2e/fault-spool-unwritable.test.ts',
  'test/e2e/fault-disk-full.test.ts',
  'test/e2e/fault-corrupt-files.test.ts',
  'test/e2e/fault-port-taken.test.ts',
  'test/e2e/fault-second-worker.test.ts',
  'test/e2e/fault-db-corrupt.test.ts',
  'test/e2e/cli-hook-fast-path.test.ts',
  'test/e2e/hook-code-cache.test.ts',
  'test/e2e/fault-version-handover.test.ts',
  'test/e2e/security-static-traversal.test.ts',
  'test/e2e/security-logs.test.ts',
  'test/e2e/security-prompt-injection.test.ts',
  'test/e2e/mcp-stdio.test.ts',
  'test/e2e/recall-hostile-queries.test.ts',
  'test/e2e/recall-context.test.ts',
  'test/e2e/recall-moments.test.ts',
  'test/e2e/dead-ends.test.ts',
  'test/e2e/consolidate-cli.test.ts',
  'test/e2e/viewer-consolidate.test.ts',
  'test/e2e/anchors-context.test.ts',
  'test/e2e/viewer-anchors.test.ts',
  'test/e2e/recall-cli.test.ts',
  'test/e2e/search-past-horizon.test.ts',
  'test/e2e/search-phrase-lists.test.ts',
  'test/e2e/recall-local-embedder.test.ts',
  'test/e2e/provider-recipes.test.ts',
  'test/e2e/recall-bench.test.ts',
  'test/e2e/claude-code.test.ts',
  'test/e2e/claude-code-background-capture.test.ts',
  'test/e2e/claude-code-recovered-tool.test.ts',
  'test/e2e/agent-codex.test.ts',
  'test/e2e/agent-mixed.test.ts',
  'test/e2e/agent-gemini.test.ts',
  'test/e2e/agent-copilot.test.ts',
  'test/e2e/agent-hostile-payloads.test.ts',
  'test/e2e/anchors-claude-code.test.ts',
  'test/e2e/recall-moments-claude-code.test.ts',
  'test/e2e/plugin.test.ts',
  'test/e2e/backfill-corpus.test.ts',
  'test/e2e/backfill-preview.test.ts',
  'test/e2e/export-roundtrip.test.ts',
  'test/e2e/export-direct.test.ts',
  'test/e2e/forget-everywhere.test.ts',
  'test/e2e/retention-run.test.ts',
  'test/e2e/compress-heuristic.test.ts',
  'test/e2e/compress-cli.test.ts',
  'test/e2e/compress-claude-code.test.ts',
  'test/e2e/compress-anthropic.test.ts',
  'test/e2e/viewer-feed.test.ts',
  'test/e2e/viewer-manage.test.ts',
  'test/e2e/viewer-settings.test.ts',
  'test/e2e/viewer-safety.test.ts',
  'test/e2e/viewer-auth.test.ts',
  'test/e2e/viewer-status.test.ts',
  'test/e2e/viewer-recall-why.test.ts',
  'test/e2e/viewer-overview.test.ts',
  'test/e2e/viewer-recall.test.ts',
  'test/e2e/usage-cli.test.ts',
  'test/e2e/usage-ledger.test.ts',
  'test/e2e/cli.test.ts',
  'test/e2e/cli-memory.test.ts',
  'test/e2e/cli-errors.test.ts',
  'test/e2e/cli-truths.test.ts',
  'test/e2e/concurrent-hooks.test.ts',
  'test/e2e/hostile-payloads.test.ts',
  'test/e2e/install.test.ts',
  'test/e2e/ledger-use.test.ts',
  'test/e2e/install-project.test.ts',
  'test/e2e/agent-settings-safety.test.ts',
  'test/e2e/agent-install-notes.test.ts',
  'test/e2e/install-runtime.test.ts',
  'test/e2e/package.test.ts',
  'test/e2e/privacy-leak.test.ts',
  'test/e2e/worker-security.test.ts',
  'test/e2e/replay-corpus.test.ts',
  'test/e2e/replay-durability.test.ts',
  'test/e2e/chroma-store.test.ts',
  'test/e2e/chroma-faults.test.ts',
  'test/tooling/run-tests.test.ts',
  'test/tooling/check-cycles.test.ts',
  'test/tooling/browser-skip.test.ts',
  'test/tooling/readme-commands.test.ts',
];

// The 30 s soak (bench/soak.ts runs it for 5 minutes) drives 50 sessions and kills the worker:
// it runs after the rest, alone, so that its load neither slows other tests nor is starved.
export const SOAK_TESTS = ['test/e2e/soak.test.ts'];

// The soak and every test that kills, restarts or hands over the worker (not concurrent-hooks:
// its 3,200 hook processes took over 13 minutes at load 30, and it restarts nothing), run again by
// `--saturated` (and CI, after the main pass) with busy loops on every core: each file calls
// saturateWhenAsked() (test/helpers/cpu-load.ts), which starts the loops when
// CLAUDE_MEM_TEST_LOAD=1. Such a test must wait on conditions, never on a wall-clock budget.
export const SATURATED_TESTS = [
  'test/e2e/replay-durability.test.ts',
  'test/e2e/fault-second-worker.test.ts',
  'test/e2e/fault-version-handover.test.ts',
  'test/e2e/fault-db-lock.test.ts',
  'test/e2e/fault-db-corrupt.test.ts',
  'test/e2e/fault-port-taken.test.ts',
  'test/e2e/fault-spool-unwritable.test.ts',
  'test/e2e/fault-corrupt-files.test.ts',
  'test/e2e/soak.test.ts',
];

/** Time limits per file (node's per-test limit is the same; the watchdog adds a grace). */
const TIMEOUT_MS = {
  unit: 5 * 60_000,
  e2e: 10 * 60_000,
  soak: 15 * 60_000,
  saturated: 30 * 60_000,
};

function main() {
  const { values, positionals } = parseArgs({
    options: {
      'check-list': { type: 'boolean', default: false },
      root: { type: 'string', default: process.cwd() },
      'file-timeout': { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      saturated: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    const problems = describeProblems(
      checkList(resolve(values.root), [...UNIT_TESTS, ...E2E_TESTS, ...SOAK_TESTS]),
    );
    if (problems) {
      console.error(problems);
      process.exit(1);
    }
    if (values['check-list']) {
      console.log(
        `check-list: all ${UNIT_TESTS.length + E2E_TESTS.length + SOAK_TESTS.length} test files run`,
      );
      return;
    }
  }
  const missing = positionals.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`no such test file:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  process.on('SIGINT', () => {
    killAll();
    process.exit(130);
  });
  const running = values.saturated ? runSaturated(positionals, values) : run(positionals, values);
  void running.then((ok) => process.exit(ok ? 0 : 1));
}

/**
 * The saturated slice: one file at a time (each keeps every core busy itself while it runs), with
 * a limit twice the soak's: a watchdog for a hang, not a budget the load may eat into.
 */
async function runSaturated(only, values) {
  process.env.CLAUDE_MEM_TEST_LOAD = '1';
  const files = only.length > 0 ? only : SATURATED_TESTS;
  process.stdout.write(`saturated: ${files.length} files, busy loops on every core\n`);
  const results = await runFiles(files, {
    concurrency: 1,
    timeoutMs: () => Number(values['file-timeout'] ?? TIMEOUT_MS.saturated),
    onDone: (result) => process.stdout.write(fileReport(result, values)),
  });
  process.stdout.write(runSummary(results));
  return results.every((result) => result.status === 'passed');
}

async function run(only, values) {
  const limit = (kind) => () => Number(values['file-timeout'] ?? TIMEOUT_MS[kind]);
  const onDone = (result) => process.stdout.write(fileReport(result, values));
  const concurrency = Number(values.concurrency);
  const units = new Set(UNIT_TESTS);
  const mainLimit = (file) => (units.has(file) ? limit('unit') : limit('e2e'))();
  const results = await runFiles(only.length > 0 ? only : [...UNIT_TESTS, ...E2E_TESTS], {
    concurrency,
    timeoutMs: mainLimit,
    onDone,
  });
  const failed = () => results.some((result) => result.status !== 'passed');
  let notRun = [];
  if (only.length === 0) {
    // The soak needs the machine to itself and a green suite before it: a failure above would
    // only be repeated under load.
    if (failed()) notRun = SOAK_TESTS;
    else
      results.push(
        ...(await runFiles(SOAK_TESTS, { concurrency: 1, timeoutMs: limit('soak'), onDone })),
      );
  }
  process.stdout.write(runSummary(results, { notRun }));
  return !failed() && notRun.length === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
