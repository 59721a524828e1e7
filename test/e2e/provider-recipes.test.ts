// The recipes for OpenAI-compatible providers (docs/compression.md, linked from the README), run
// as written (their `config set` lines) with the base URL pointed at the fake server: doctor's
// provider call passes and a turn sent through the real hooks is compressed by the openai
// provider.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome } from '../helpers/env.ts';
import { chatText, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { realisticAnswer } from '../helpers/fake-replies.ts';
import { hook } from '../helpers/viewer-seed.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'compression.md'), 'utf8');

/** The `claude-mem config set` lines of the recipe under `### <name>`, as argument lists. */
function recipe(name: string): string[][] {
  const section = new RegExp(`### ${name}\\n[^]*?\`\`\`sh\\n([^]*?)\`\`\``).exec(DOC)?.[1];
  assert.ok(section, `no recipe for ${name} in docs/compression.md`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('claude-mem config set '))
    .map((line) => line.split(/\s+/).slice(1));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the provider recipes of docs/compression.md', () => {
  let fake: FakeOpenAi;
  before(async () => {
    fake = await startFakeOpenAi();
    fake.respondWith((body) => {
      const system = String(body.messages?.find((m) => m.role === 'system')?.content ?? '');
      return {
        kind: 'message',
        content: system.includes('<observation>') ? realisticAnswer(system, chatText(body)) : 'OK',
      };
    });
  });
  after(() => fake.close());

  for (const name of ['Ollama', 'LM Studio', 'OpenRouter']) {
    it(`${name}: the recipe's settings pass doctor --check-provider and compress a turn`, async (t) => {
      const home = await createTestHome({
        OPENAI_API_KEY: 'sk-test',
      });
      t.after(async () => {
        await stopWorker(home);
        home.cleanup();
      });
      const lines = recipe(name);
      assert.deepEqual(
        lines.map((args) => args[2]),
        ['compress.openai.baseUrl', 'compress.openai.model', 'compress.provider'],
      );
      for (const args of lines) {
        const run = await cli(args, home.env);
        assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
      }
      const model = lines[1]?.[3] ?? '';
      home.env.CLAUDE_MEM_COMPRESS_OPENAI_BASE_URL = fake.url;
      const doctor = await cli(['doctor', '--check-provider'], home.env);
      assert.match(doctor.stdout, /^OK +settings +valid$/m);
      assert.match(
        doctor.stdout,
        new RegExp(
          `^OK +provider call +openai \\(${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): reachable, accepted, answered "OK"`,
          'm',
        ),
      );

      await startWorker(home);
      const turn = { session_id: `sess-${name}`, cwd: home.dataDir };
      await hook(home, 'UserPromptSubmit', { ...turn, prompt: 'Rate limit the login route' });
      await hook(home, 'PostToolUse', {
        ...turn,
        tool_name: 'Edit',
        tool_use_id: `tu-${name}`,
        tool_input: { file_path: 'src/login.ts', old_string: 'a', new_string: 'b' },
        tool_response: { filePath: 'src/login.ts' },
      });
      await hook(home, 'Stop', { ...turn, last_assistant_message: 'Done.' });
      let rows: Array<{ provider: string; model: string }> = [];
      for (
        const deadline = Date.now() + 30_000;
        rows.length === 0 && Date.now() < deadline;
        await sleep(200)
      ) {
        rows = queryDb(home.dataDir, 'SELECT provider, model FROM observations');
      }
      assert.deepEqual(rows[0], { provider: 'openai', model });
      const asked = fake
        .chatRequests()
        .filter((r) => (r.json as { model?: string }).model === model);
      assert.ok(asked.length >= 2, 'the doctor ping and the compression went to the fake');
    });
  }
});
