// What the runner prints: one line per passing file, the full spec output of a file that failed,
// and at the end the counts and the name of every failing test.

const name = (path) => path.join(' > ');
/** A test's name inside its file; node names the file's own pseudo-test by its absolute path. */
const testName = (file, path) =>
  path.length === 1 && path[0].replaceAll('\\', '/').endsWith(file)
    ? '(the file itself)'
    : name(path);

/**
 * Counts of one file's tests (suites left out, as node's own summary does), except that a
 * skipped suite counts as one skipped: its tests never start, and a file whose only suite is
 * skipped (an agent CLI that could not be installed) must not read as a file that passed.
 */
export function countTests(events) {
  const ended = events.filter((e) => e.event !== 'start' && !e.suite);
  // A file that did not load reports one failure named after the file itself: it counts.
  return {
    passed: ended.filter((e) => e.event === 'pass' && !e.skip && !e.todo).length,
    failed: ended.filter((e) => e.event === 'fail' && !e.todo).length,
    skipped: skippedTests(events).length,
    todo: ended.filter((e) => e.todo).length,
  };
}

/** The skipped tests and suites of a file: the outermost of each, with the reason given. */
function skippedTests(events) {
  const skipped = events.filter((e) => e.event === 'pass' && e.skip);
  const within = (inner, outer) =>
    inner.path.length > outer.path.length && outer.path.every((part, i) => inner.path[i] === part);
  return skipped.filter((e) => !skipped.some((outer) => outer.suite && within(e, outer)));
}

/** Failing tests of a file: the deepest failures only, not the suites that contain them. */
export function failures(result) {
  const failed = result.events.filter((e) => e.event === 'fail' && !e.todo);
  const leaves = failed.filter((e) => e.kind !== 'subtestsFailed');
  return (leaves.length > 0 ? leaves : failed).map((e) => ({
    test: testName(result.file, e.path),
    reason: e.reason ?? '',
  }));
}

/** Tests that had started and not ended when the file was killed: what it hung in. */
export function unfinished(result) {
  const open = new Map();
  for (const e of result.events) {
    const key = name(e.path);
    if (e.event === 'start') open.set(key, e.path.length);
    else open.delete(key);
  }
  // Only the innermost: a suite is open while its hanging test is.
  const deepest = Math.max(0, ...open.values());
  return [...open].filter(([, depth]) => depth === deepest).map(([key]) => key);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The text printed as one file ends. */
export function fileReport(result, { verbose }) {
  const counts = countTests(result.events);
  const line = `${result.status === 'passed' ? 'ok  ' : 'FAIL'} ${result.file} (${counts.passed} passed${counts.failed ? `, ${counts.failed} failed` : ''}${counts.skipped ? `, ${counts.skipped} skipped` : ''}, ${seconds(result.ms)})`;
  if (result.status === 'passed' && !verbose) return `${line}\n`;
  const header = `\n----- ${result.file}: ${result.status}${result.status === 'timed out' ? ` (killed after ${seconds(result.ms)})` : ''} -----\n`;
  return `${header}${result.output.trimEnd()}\n${line}\n\n`;
}

/**
 * The skipped tests, each with its reason; a reason shared by several files (Chromium missing:
 * every browser suite) is one line naming how many and which, so that the fix is read once.
 */
function skipLines(skipped) {
  const files = (why) => [...new Set(skipped.filter((s) => s.why === why).map((s) => s.file))];
  const shared = new Set(skipped.map((s) => s.why).filter((why) => why && files(why).length > 1));
  const lines = skipped
    .filter((s) => !shared.has(s.why))
    .map((s) => `  ${s.file} > ${s.test}${s.why ? `\n      ${s.why}` : ''}`);
  for (const why of shared) {
    // Sorted: files end in the order they finish, which is not the same from run to run.
    const names = files(why)
      .map((file) => file.replace(/^.*\//, '').replace(/\.test\.\w+$/, ''))
      .sort();
    lines.push(`  ${why} (skipped in ${names.length} files: ${names.join(', ')})`);
  }
  return lines;
}

/** The closing summary of a run. */
export function runSummary(results, { notRun = [] } = {}) {
  const totals = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  for (const result of results) {
    const counts = countTests(result.events);
    for (const key of Object.keys(totals)) totals[key] += counts[key];
  }
  const byStatus = (status) => results.filter((r) => r.status === status);
  const failedFiles = byStatus('failed');
  const timedOut = byStatus('timed out');
  const lines = [
    '',
    '========== test summary ==========',
    `files: ${results.length} run, ${byStatus('passed').length} passed, ${failedFiles.length} failed, ${timedOut.length} timed out${notRun.length ? `, ${notRun.length} not run` : ''}`,
    `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.todo} todo`,
  ];
  const bad = results.filter((r) => r.status !== 'passed');
  if (bad.length > 0) lines.push('', 'failing tests:');
  for (const result of bad) {
    if (result.status === 'timed out') {
      const open = unfinished(result);
      lines.push(
        `  ${result.file}: TIMED OUT after ${seconds(result.ms)} (limit ${seconds(result.timeoutMs)})${open.length ? `; still running: ${open.join('; ')}` : ''}`,
      );
    }
    const failed = failures(result);
    if (failed.length === 0 && result.status === 'failed')
      lines.push(`  ${result.file}: exit code ${result.code}, no test reported failing`);
    for (const f of failed)
      lines.push(`  ${result.file} > ${f.test}${f.reason ? `\n      ${f.reason}` : ''}`);
  }
  const skipped = results.flatMap((result) =>
    skippedTests(result.events).map((e) => ({
      file: result.file,
      test: testName(result.file, e.path),
      why: e.why,
    })),
  );
  // Named, so that a skip (a tool that could not be installed) is seen, not read as a pass.
  if (skipped.length > 0) lines.push('', 'skipped:', ...skipLines(skipped));
  if (notRun.length > 0) lines.push('', `not run: ${notRun.join(', ')}`);
  lines.push(
    '',
    failedFiles.length + timedOut.length === 0 && notRun.length === 0 ? 'PASS' : 'FAIL',
    '',
  );
  return lines.join('\n');
}
