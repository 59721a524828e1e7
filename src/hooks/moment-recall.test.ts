import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { recordingLogger } from '../../test/helpers/logger.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { fileMoment, promptMoment, type MomentTarget } from './moment-recall.ts';

const BLOCK = '<claude-mem-recall>\n#1 2026-01-01 10:00 x (~5)\n</claude-mem-recall>';

/** A stand-in worker on a free port that records each request body and answers `reply`. */
async function fakeWorker(
  t: TestContext,
  reply: (res: ServerResponse) => void,
): Promise<{ target: MomentTarget; bodies: Array<Record<string, string>> }> {
  const bodies: Array<Record<string, string>> = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      bodies.push({ path: req.url ?? '', ...(JSON.parse(text) as Record<string, string>) });
      reply(res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const port = (server.address() as AddressInfo).port;
  return { target: { port, dataDir: tempDir(t), timeoutMs: 200, log: recordingLogger() }, bodies };
}

const answer = (res: ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ context: BLOCK, ids: [1] }));
};

test('the prompt goes to the worker without its private parts or secrets', async (t) => {
  const { target, bodies } = await fakeWorker(t, answer);
  const token = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
  const prompt = `fix the parser <private>my salary</private> with ${token}`;
  const out = await promptMoment(target, { cwd: '/w/p', prompt }, 's-1');
  assert.deepEqual(out, {
    continue: true,
    suppressOutput: true,
    hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: BLOCK },
  });
  assert.equal(bodies.length, 1);
  assert.equal(bodies[0]?.path, '/api/recall/prompt');
  assert.equal(bodies[0]?.session_id, 's-1');
  assert.doesNotMatch(bodies[0]?.prompt ?? '', /salary|ghp_/);
});

test('a fully private or empty prompt is not even sent', async (t) => {
  const { target, bodies } = await fakeWorker(t, answer);
  assert.equal(
    await promptMoment(target, { prompt: '<private>all of it</private>' }, 's'),
    undefined,
  );
  assert.equal(await promptMoment(target, { prompt: '   ' }, 's'), undefined);
  assert.equal(bodies.length, 0);
});

test('a file tool asks for its file_path; a payload without one asks nothing', async (t) => {
  const { target, bodies } = await fakeWorker(t, answer);
  const out = await fileMoment(
    target,
    { cwd: '/w/p', tool_input: { file_path: '/w/p/a.ts' } },
    's',
  );
  assert.equal(
    out && 'hookSpecificOutput' in out && out.hookSpecificOutput.hookEventName,
    'PreToolUse',
  );
  assert.deepEqual(bodies, [
    { path: '/api/recall/file', session_id: 's', cwd: '/w/p', file_path: '/w/p/a.ts' },
  ]);
  assert.equal(await fileMoment(target, { tool_input: { pattern: 'x' } }, 's'), undefined);
  const inSubagent = { agent_id: 'a-1', tool_input: { file_path: '/w/p/b.ts' } };
  assert.equal(await fileMoment(target, inSubagent, 's'), undefined);
  assert.equal(await fileMoment(target, { tool_input: 'a.ts' }, 's'), undefined);
});

test('a worker that does not answer in time, or answers an error, gives no recall', async (t) => {
  const silent = await fakeWorker(t, () => undefined);
  assert.equal(await promptMoment(silent.target, { prompt: 'fix the parser' }, 's'), undefined);
  const failing = await fakeWorker(t, (res) => {
    res.statusCode = 500;
    res.end('{}');
  });
  assert.equal(await promptMoment(failing.target, { prompt: 'fix the parser' }, 's'), undefined);
  const empty = await fakeWorker(t, (res) => res.end(JSON.stringify({ context: '' })));
  assert.equal(
    await fileMoment(empty.target, { tool_input: { file_path: 'a.ts' } }, 's'),
    undefined,
  );
});
