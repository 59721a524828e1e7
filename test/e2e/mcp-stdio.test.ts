import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, it, type TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli } from '../helpers/cli.ts';
import { CLI_BUNDLE } from '../helpers/env.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation, seedSession, seedSummary } from '../helpers/seed-memory.ts';

type CallResult = Awaited<ReturnType<Client['callTool']>>;

/**
 * `node dist/cli.mjs mcp` driven by the SDK's own Client over stdio, in the project folder. The
 * server starts the worker itself. Anything on stdout that is not JSON-RPC, or on stderr, is
 * collected so the test can show there was none.
 */
async function connect(
  t: TestContext,
  home: RecallHome,
): Promise<{ client: Client; noise: string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BUNDLE, 'mcp'],
    env: home.env as Record<string, string>,
    cwd: home.projectDir,
    stderr: 'pipe',
  });
  const noise: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => noise.push(`stderr: ${chunk.toString()}`));
  const client = new Client({ name: 'e2e', version: '1' });
  client.onerror = (error) => noise.push(`protocol: ${error.message}`);
  await client.connect(transport);
  t.after(() => client.close());
  return { client, noise };
}

const textOf = (result: CallResult): string =>
  (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n');

function seed(home: RecallHome): { ids: number[] } {
  return withDatabase(home, (db) => {
    const s = seedSession(db, 'sess-mcp', 'alpha', {
      root: home.projectDir,
      at: Date.now() - 60_000,
    });
    const ids = [
      seedObservation(db, {
        title: 'Spool reader quarantines partial files',
        type: 'bugfix',
        sessionRowId: s,
        narrative: 'A file without its closing brace is moved to quarantine.',
        filesModified: [`${home.projectDir}/src/spool/reader.ts`],
        createdAt: Date.now() - 50_000,
      }),
      seedObservation(db, {
        title: 'Worker owns the only database handle',
        type: 'decision',
        sessionRowId: s,
        createdAt: Date.now() - 40_000,
      }),
      seedObservation(db, {
        title: 'Beta project secret plan',
        project: 'beta',
        createdAt: Date.now() - 30_000,
      }),
    ];
    seedSummary(db, {
      sessionRowId: s,
      request: 'Harden the spool',
      createdAt: Date.now() - 20_000,
    });
    return { ids };
  });
}

describe('claude-mem mcp over stdio with the MCP SDK Client', () => {
  it('lists the six tools and calls each with valid and with invalid arguments', async (t) => {
    const home = await recallHome(t);
    const { ids } = seed(home);
    const { client, noise } = await connect(t, home);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['search', 'timeline', 'get_observations', 'save_memory', 'forget', 'confirm_memory'],
    );

    const search = await client.callTool({
      name: 'search',
      arguments: { query: 'spool quarantine' },
    });
    assert.equal(search.isError, undefined);
    assert.match(
      textOf(search),
      new RegExp(
        `^\\d+ observations? \\(project alpha, ranked by \\w+\\); dates UTC:\\n#${ids[0]} .* bugfix +Spool reader quarantines partial files`,
      ),
    );
    const byFile = await client.callTool({
      name: 'search',
      arguments: { file: 'src/spool/reader.ts' },
    });
    assert.match(textOf(byFile), new RegExp(`#${ids[0]} `));
    const everywhere = await client.callTool({
      name: 'search',
      arguments: { query: 'secret plan', all_projects: true },
    });
    assert.match(textOf(everywhere), /Beta project secret plan/);

    const timeline = await client.callTool({
      name: 'timeline',
      arguments: { anchor: ids[1], before: 5, after: 5 },
    });
    assert.match(
      textOf(timeline),
      new RegExp(`#${ids[0]} [^]*> #${ids[1]} [^]*S\\d+ .*summary +Harden the spool`),
    );

    const details = await client.callTool({
      name: 'get_observations',
      arguments: { ids: [ids[0]] },
    });
    assert.match(
      textOf(details),
      /^#\d+ bugfix: Spool reader quarantines partial files[^]*closing brace[^]*Files modified: .*reader\.ts/,
    );

    const saved = await client.callTool({
      name: 'save_memory',
      arguments: { title: 'Use node:test', text: 'Tests run with node --test through tsx.' },
    });
    const savedId = Number(/#(\d+)/.exec(textOf(saved))?.[1]);
    assert.match(textOf(saved), /^Saved as #\d+ in project alpha\.$/);
    const found = await client.callTool({ name: 'search', arguments: { query: 'tsx' } });
    assert.match(textOf(found), new RegExp(`#${savedId} `));

    const forgot = await client.callTool({ name: 'forget', arguments: { ids: [savedId] } });
    assert.equal(textOf(forgot), 'Forgot 1 of 1 observation.');
    const gone = await client.callTool({ name: 'get_observations', arguments: { ids: [savedId] } });
    assert.deepEqual(
      [gone.isError, textOf(gone)],
      [true, `No observations with these ids: ${savedId}.`],
    );

    // confirm_memory: the user's "still true", through the route of `verify --accept`.
    const shown = async (id: number) => {
      const run = await cli(['show', String(id), '--json'], home.env, home.projectDir);
      assert.equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout) as { known?: string; known_by?: string | null };
    };
    const before = await shown(ids[1]!);
    assert.notDeepEqual([before.known, before.known_by], ['verified', 'user']);
    const confirmed = await client.callTool({ name: 'confirm_memory', arguments: { id: ids[1] } });
    assert.equal(confirmed.isError, undefined, textOf(confirmed));
    assert.match(
      textOf(confirmed),
      new RegExp(
        `^#${ids[1]} is now verified by the user: no longer shown as a hypothesis\\.\n#${ids[1]} re-anchored to its files as they are now: [a-z ]+\\.$`,
      ),
    );
    const after = await shown(ids[1]!);
    assert.deepEqual([after.known, after.known_by], ['verified', 'user']);
    const confirmedDetails = await client.callTool({
      name: 'get_observations',
      arguments: { ids: [ids[1]] },
    });
    assert.match(textOf(confirmedDetails), /Known: verified/);

    const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
      ['search', { limit: 500 }, /limit/],
      ['search', { since: 'last tuesday' }, /since: expected a date/],
      ['timeline', { anchor: 99999 }, /anchor: no observation 99999/],
      ['timeline', { anchor: 'x' }, /anchor/],
      ['get_observations', { ids: 'all' }, /ids/],
      ['save_memory', { text: 'no title' }, /title/],
      ['forget', { ids: [-1] }, /ids/],
      ['confirm_memory', {}, /id/],
      ['confirm_memory', { id: 0 }, /id: expected an observation id of 1 or more/],
      ['confirm_memory', { id: '#12' }, /id: expected an observation id/],
      ['confirm_memory', { id: 99999 }, /^id: no observation #99999 \(ids come from search/],
    ];
    for (const [name, args, message] of invalid) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(textOf(result), message, name);
    }
    assert.deepEqual(noise, []);
  });

  it(
    'answers a line that is not JSON-RPC with -32700 or -32600 and keeps serving',
    { timeout: 120_000 },
    async (t) => {
      const home = await recallHome(t);
      const child = spawn(process.execPath, [CLI_BUNDLE, 'mcp'], {
        env: home.env,
        cwd: home.projectDir,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      t.after(() => child.kill());
      const lines = createInterface({ input: child.stdout });
      const sent = [
        'not json',
        '[',
        '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
        '{"jsonrpc":"2.0","id":null,"method":"ping"}',
        '[]',
        '{"jsonrpc":"2.0","id":7,"method":"ping"}',
      ];
      child.stdin.write(sent.map((line) => `${line}\n`).join(''));
      const answers: unknown[] = [];
      for await (const line of lines) {
        answers.push(JSON.parse(line));
        if (answers.length === sent.length) break;
      }
      const error = (code: number, id: null = null) => ({ jsonrpc: '2.0', id, code });
      assert.deepEqual(
        answers.map((answer) => {
          const {
            jsonrpc,
            id,
            error: e,
          } = answer as { jsonrpc: string; id: unknown; error?: { code: number } };
          return e ? { jsonrpc, id, code: e.code } : answer;
        }),
        [
          error(-32700),
          error(-32700),
          error(-32600),
          error(-32600),
          error(-32600),
          { jsonrpc: '2.0', id: 7, result: {} },
        ],
      );
    },
  );
});
