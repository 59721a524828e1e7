// A node:test reporter for scripts/run-tests.mjs: one JSON line per test start and end, with the
// test's full name (suites included), so that the runner can print the names of failing tests
// and, when it kills a file that hung, the tests that were still running.

/** First line of a failure's message: the assertion or error, without node's wrapper. */
function reason(error) {
  const inner = error?.cause ?? error;
  const text = String(inner?.message ?? inner ?? '');
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

export default async function* testEvents(source) {
  const names = [];
  for await (const event of source) {
    const data = event.data ?? {};
    if (event.type === 'test:start') {
      names.length = data.nesting;
      names[data.nesting] = data.name;
      yield `${JSON.stringify({ event: 'start', path: names.slice() })}\n`;
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      names.length = data.nesting;
      const path = [...names, data.name];
      const failed = event.type === 'test:fail';
      yield `${JSON.stringify({
        event: failed ? 'fail' : 'pass',
        path,
        suite: data.details?.type === 'suite',
        skip: data.skip !== undefined && data.skip !== false,
        why: typeof data.skip === 'string' ? data.skip : undefined,
        todo: data.todo !== undefined && data.todo !== false,
        kind: failed ? data.details?.error?.failureType : undefined,
        reason: failed ? reason(data.details?.error) : undefined,
      })}\n`;
    }
  }
}
