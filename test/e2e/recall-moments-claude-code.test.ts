import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  allToolResults,
  hasClaude,
  isCompressorRequest,
  offeredTools,
  offlineClaudeEnv,
  runClaude,
} from '../helpers/claude-cli.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import {
  requestText,
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeReply,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { stopWorker } from '../helpers/worker.ts';

// Must show 2 of issue 15: file-time recall through the real `claude` binary, offline. Session 1
// reads and edits src/x.ts; in session 2 the request that follows Claude's Read of src/x.ts
// carries the memory about it, from the PreToolUse hook.

const TITLE = 'Quokka totals in x.ts switched to half-even rounding';
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function compressorAnswer(body: MessagesBody): FakeReply {
  if (requestText(body).startsWith('You write the progress note')) {
    return {
      kind: 'message',
      content:
        '<summary><request>Fix the rounding</request><investigated></investigated><learned></learned><completed>Rounding fixed</completed><next_steps></next_steps><notes></notes></summary>',
    };
  }
  return {
    kind: 'message',
    content: `<observation><type>bugfix</type><title>${TITLE}</title><narrative>Edited src/x.ts.</narrative><files_read><file>src/x.ts</file></files_read><files_modified><file>src/x.ts</file></files_modified></observation>`,
  };
}

const toolUse = (name: string, input: Record<string, string>): FakeReply => ({
  kind: 'message',
  content: [{ type: 'tool_use', name, input }],
  stopReason: 'tool_use',
});

/** Session 1: Read then Edit src/x.ts. Session 2: Read src/x.ts. Then each says done. */
function script(file: string) {
  return (body: MessagesBody): FakeReply => {
    if (isCompressorRequest(body)) return compressorAnswer(body);
    if (offeredTools(body).length === 0) return { kind: 'message', content: 'ok' };
    const text = requestText(body);
    const results = allToolResults(body).length;
    if (results === 0) return toolUse('Read', { file_path: file });
    if (results === 1 && text.includes('fix the rounding')) {
      return toolUse('Edit', { file_path: file, old_string: 'floor', new_string: 'round' });
    }
    return { kind: 'message', content: 'done' };
  };
}

async function waitForMemory(home: TestHome): Promise<number> {
  for (let tries = 0; tries < 300; tries += 1) {
    const [row] = queryDb<{ obs: number; pending: number }>(
      home.dataDir,
      `SELECT (SELECT COUNT(*) FROM observations WHERE files_modified LIKE '%src/x.ts%') AS obs,
              (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending`,
    );
    if (row && row.obs > 0 && row.pending === 0) return row.obs;
    await sleep(200);
  }
  return 0;
}

/** Whether a request holds a tool_result (Claude's Read of src/x.ts has come back). */
const afterRead = (body: MessagesBody): boolean => allToolResults(body).length > 0;

describe('the real Claude Code CLI: file-time recall', { skip: !hasClaude() }, () => {
  let home: TestHome;
  let fake: FakeAnthropic;
  let memories = 0;
  let session2: MessagesBody[] = [];
  let codes: Array<number | null> = [];
  before(async () => {
    fake = await startFakeAnthropic();
    home = await createTestHome({
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
    });
    const project = join(dirname(home.dataDir), 'shop');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src', 'x.ts'), 'export const total = Math.floor(1.5);\n');
    execFileSync('git', ['init', '-q'], { cwd: project });
    fake.respondWith(script(join(project, 'src', 'x.ts')));
    const env = offlineClaudeEnv(
      { ...home.env, TMPDIR: join(dirname(home.dataDir), 'tmp') },
      fake.url,
    );
    mkdirSync(env.TMPDIR ?? '', { recursive: true });
    await cli(['install'], env, project);
    const first = await runClaude('fix the rounding in x', { env, cwd: project });
    memories = await waitForMemory(home);
    const before = fake.messageRequests().length;
    const second = await runClaude('what does the helper do?', { env, cwd: project });
    codes = [first.code, second.code];
    session2 = fake
      .messageRequests()
      .slice(before)
      .map((request) => request.json as MessagesBody)
      .filter((body) => !isCompressorRequest(body) && offeredTools(body).length > 0);
  });
  after(async () => {
    await stopWorker(home);
    await fake.close();
    home.cleanup();
  });

  it('session 1 edits src/x.ts and leaves a memory of it', () => {
    assert.deepEqual(codes, [0, 0]);
    assert.equal(memories, 1);
  });

  it("the request after session 2's Read of src/x.ts carries the memory; the one before does not", () => {
    const beforeRead = session2.filter((body) => !afterRead(body)).map(requestText);
    const withRead = session2.filter(afterRead).map(requestText);
    assert.ok(beforeRead.length >= 1 && withRead.length >= 1, `${session2.length} requests`);
    assert.ok(beforeRead.every((text) => !text.includes('<claude-mem-recall>')));
    const recalled = withRead[0] ?? '';
    assert.ok(recalled.includes('Memories of src/x.ts'), recalled.slice(-3000));
    assert.match(recalled, new RegExp(`#\\d+ [^\\n]* ${TITLE} \\(~\\d+\\)`));
  });
});
