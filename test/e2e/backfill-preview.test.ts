import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeSession } from '../helpers/backfill-session.ts';
import { adminHome, api, tableCounts } from '../helpers/admin-home.ts';
import { cli } from '../helpers/cli.ts';
import { CLI_BUNDLE, type TestHome } from '../helpers/env.ts';
import { startWorker } from '../helpers/worker.ts';

/** Runs the CLI with `input` on stdin. */
function withStdin(args: string[], home: TestHome, input: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], { env: home.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('import-transcripts: the cost preview, the question, sessions left out', () => {
  it('with an LLM provider, shows the cost and imports nothing unless the user says yes', async (t) => {
    // An API key and an unreachable endpoint: the worker selects anthropic, no call can succeed.
    const home = await adminHome(t, {
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    });
    const { main } = writeSession(join(home.dataDir, '..', 'transcripts'));
    await startWorker(home);

    const dry = await cli(['import-transcripts', '--dry-run', main], home.env);
    assert.equal(dry.code, 0, dry.stderr);
    // Not a terminal: the scan's progress comes as plain lines on stderr, the preview on stdout.
    assert.match(
      dry.stderr,
      /^scanning transcripts: 100% \(2\/2 files, 1 sessions found, ETA \d+s\)$/m,
    );
    assert.match(dry.stderr, /^reading sessions: 100% \(1\/1 sessions, \d+ events, ETA \d+s\)$/m);
    const preview = dry.stdout.split('\n');
    assert.deepEqual(preview.slice(0, 2), [
      'transcripts: 2 files, 1 sessions',
      'to import: 1 sessions, 2 prompts, 4 tool events',
    ]);
    assert.match(preview[2] ?? '', /^compression: anthropic \(claude-haiku-4-5\): /);
    // Two finished turns with events: each one request that also brings the turn's summary.
    assert.match(
      preview[3] ?? '',
      /^estimated cost: ~[\d,]+ input tokens in 2 requests, at most [\d,]+ output tokens$/,
    );

    const no = await withStdin(['import-transcripts', main], home, 'n\n');
    assert.deepEqual([no.code, no.stdout.trimEnd().split('\n').at(-1)], [1, 'nothing imported']);
    assert.match(no.stderr, /Compress with anthropic\? \[y\/N\]/);
    const closed = await cli(['import-transcripts', main], home.env);
    assert.equal(closed.code, 1);
    assert.equal(tableCounts(home).events, 0);

    const yes = await withStdin(['import-transcripts', main], home, 'y\n');
    assert.equal(yes.code, 0, yes.stderr);
    assert.match(yes.stdout, /imported 1 sessions: 12 events stored/);
    assert.equal(tableCounts(home).events, 4);
    const skipQuestion = await cli(['import-transcripts', '--yes', main], home.env);
    assert.match(skipQuestion.stdout, /left out: 1 already imported/);
  });

  it('leaves a session the hooks captured as it is: importing it would duplicate its prompts', async (t) => {
    const home = await adminHome(t, { CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    const { main } = writeSession(join(home.dataDir, '..', 'transcripts'));
    await startWorker(home);
    const live = { session_id: 'sess-1', cwd: '/work/proj', prompt: 'fix the parser' };
    await api(home, '/api/sessions/init', live);
    const run = await cli(['import-transcripts', main], home.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /left out: 1 captured by the hooks/);
    assert.deepEqual([tableCounts(home).prompts, tableCounts(home).events], [1, 0]);
  });
});
