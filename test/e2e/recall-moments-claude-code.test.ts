import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  allToolResults,
  hasClaude,
  offeredTools,
  scriptedClaude,
  toolUse,
} from '../helpers/claude-cli.ts';
import { claudeSessions } from '../helpers/claude-project.ts';
import type { TestHome } from '../helpers/env.ts';
import { requestText, type MessagesBody } from '../helpers/fake-anthropic.ts';
import { waitForCounts } from '../helpers/wait-for-counts.ts';

// Must show 2 of issue 15: file-time recall through the real `claude` binary, offline. Session 1
// reads and edits src/x.ts; in session 2 the request that follows Claude's Read of src/x.ts
// carries the memory about it, from the PreToolUse hook.

const TITLE = 'Quokka totals in x.ts switched to half-even rounding';

const ANSWERS = {
  summary:
    '<summary><request>Fix the rounding</request><investigated></investigated><learned></learned><completed>Rounding fixed</completed><next_steps></next_steps><notes></notes></summary>',
  observation: `<observation><type>bugfix</type><title>${TITLE}</title><narrative>Edited src/x.ts.</narrative><files_read><file>src/x.ts</file></files_read><files_modified><file>src/x.ts</file></files_modified></observation>`,
};

/** Session 1: Read then Edit src/x.ts. Session 2: Read src/x.ts. Then each says done. */
function script(file: string) {
  return scriptedClaude(ANSWERS, (body) => {
    const text = requestText(body);
    const results = allToolResults(body).length;
    if (results === 0) return toolUse('Read', { file_path: file });
    if (results === 1 && text.includes('fix the rounding')) {
      return toolUse('Edit', { file_path: file, old_string: 'floor', new_string: 'round' });
    }
    return { kind: 'message', content: 'done' };
  });
}

/** Waits until an observation modified src/x.ts and nothing is pending; how many, or 0. */
async function waitForMemory(home: TestHome): Promise<number> {
  const obs = "SELECT COUNT(*) FROM observations WHERE files_modified LIKE '%src/x.ts%'";
  return (await waitForCounts(home, { obs }))?.obs ?? 0;
}

/** Whether a request holds a tool_result (Claude's Read of src/x.ts has come back). */
const afterRead = (body: MessagesBody): boolean => allToolResults(body).length > 0;

describe('the real Claude Code CLI: file-time recall', { skip: !hasClaude() }, () => {
  let memories = 0;
  const run = claudeSessions({
    script: (project) => script(join(project, 'src', 'x.ts')),
    prompts: ['fix the rounding in x', 'what does the helper do?'],
    prepare: (project) => {
      mkdirSync(join(project, 'src'), { recursive: true });
      writeFileSync(join(project, 'src', 'x.ts'), 'export const total = Math.floor(1.5);\n');
    },
    between: async (setup) => (memories = await waitForMemory(setup.home)),
  });

  it('session 1 edits src/x.ts and leaves a memory of it', () => {
    assert.deepEqual([run.first.code, run.second.code], [0, 0]);
    assert.equal(memories, 1);
  });

  it("the request after session 2's Read of src/x.ts carries the memory; the one before does not", () => {
    const session2 = run.session2.filter((body) => offeredTools(body).length > 0);
    const beforeRead = session2.filter((body) => !afterRead(body)).map(requestText);
    const withRead = session2.filter(afterRead).map(requestText);
    assert.ok(beforeRead.length >= 1 && withRead.length >= 1, `${session2.length} requests`);
    assert.ok(beforeRead.every((text) => !text.includes('<claude-mem-recall>')));
    const recalled = withRead[0] ?? '';
    assert.ok(recalled.includes('Memories of src/x.ts'), recalled.slice(-3000));
    assert.match(recalled, new RegExp(`#\\d+ [^\\n]* ${TITLE} \\(~\\d+\\)`));
  });
});
