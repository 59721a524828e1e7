import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allToolResults, hasClaude, scriptedClaude, toolUse } from '../helpers/claude-cli.ts';
import { claudeSessions } from '../helpers/claude-project.ts';
import type { TestHome } from '../helpers/env.ts';
import { requestText } from '../helpers/fake-anthropic.ts';
import { waitForCounts } from '../helpers/wait-for-counts.ts';

const TITLE = 'status.txt now says the release is in review';

/** The compressor's answers: one observation that modified status.txt, or the summary. */
const ANSWERS = {
  summary:
    '<summary><request>Write the status</request><investigated></investigated><learned></learned><completed>status.txt written</completed><next_steps></next_steps><notes></notes></summary>',
  observation: `<observation><type>change</type><title>${TITLE}</title><narrative>Wrote status.txt.</narrative><files_read></files_read><files_modified><file>status.txt</file></files_modified></observation>`,
};

/** The scripted model: session 1 writes status.txt; anything else just answers. */
function script(project: string) {
  return scriptedClaude(ANSWERS, (body) => {
    const text = requestText(body);
    // All of the conversation's results, not the last message's: a late MCP connection can add a
    // system message after them (the race test/e2e/claude-code.test.ts met).
    if (allToolResults(body).length === 0 && text.includes('write the status file')) {
      return toolUse('Write', {
        file_path: join(project, 'status.txt'),
        content: 'Status: in review\n',
      });
    }
    return { kind: 'message', content: 'done' };
  });
}

/** Waits until status.txt is anchored and nothing is pending; the anchors, or 0. */
async function waitForAnchors(home: TestHome): Promise<number> {
  const anchors = "SELECT COUNT(*) FROM observation_anchors WHERE path = 'status.txt'";
  return (await waitForCounts(home, { anchors }))?.anchors ?? 0;
}

describe(
  'the real Claude Code CLI: a memory whose file changed outside',
  { skip: !hasClaude() },
  () => {
    let anchors = 0;
    const run = claudeSessions({
      script,
      prompts: ['write the status file', 'what do you remember about this project?'],
      between: async (setup) => {
        anchors = await waitForAnchors(setup.home);
        writeFileSync(join(setup.project, 'status.txt'), 'Status: shipped\nDate: today\n');
      },
    });

    it('anchors the file session 1 wrote', () => {
      assert.deepEqual([run.first.code, run.second.code], [0, 0]);
      assert.equal(anchors, 1);
    });

    it("shows the memory as changed in session 2's request to the model", () => {
      const texts = run.session2
        .map(requestText)
        .filter((text) => text.includes('<claude-mem-context>'));
      assert.ok(
        texts.length >= 1,
        `${run.session2.length} requests in session 2, none with the context`,
      );
      assert.ok(
        // The memory was never checked by a test, so it is a hypothesis too (`?`, issue 34).
        texts.some((text) => text.includes(`⚠ ${TITLE}`) || text.includes(`⚠ ? ${TITLE}`)),
        texts[0]?.slice(0, 2000),
      );
      assert.ok(texts.some((text) => text.includes('⚠ = its code changed since')));
    });
  },
);
