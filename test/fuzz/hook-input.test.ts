// Property-based fuzzing of the hook input path: the payload parser (src/capture/payload.ts) and
// a whole hook run in process (runHook, what dist/hook.cjs runs) on arbitrary stdin and event
// names. Fixed seed, bounded. The spool writes go to memory through runHook's writeFile seam.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { HOOK_EVENTS, parsePayload } from '../../src/capture/index.ts';
import { runHook } from '../../src/hooks/run-hook.ts';
import { parseSpoolEvent } from '../../src/spool/index.ts';
import { freePort } from '../helpers/env.ts';
import { anyText, fuzzOptions } from '../helpers/fuzz.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';
const CANARY = 'PRIVATE\u{1F512}CANARY';
const EVENTS = [
  ...HOOK_EVENTS,
  'context',
  'new',
  'save',
  'summary',
  'session-start',
  'constructor',
  '__proto__',
  '',
];

/** A value of any JSON type, or odd text. */
const anyValue = fc.oneof(
  anyText(60),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Text with a `<private>` block holding the canary somewhere inside. */
const privateText = fc
  .tuple(anyText(40), anyText(40))
  .filter(([a, b]) => !`${a}${b}`.includes(CANARY))
  .map(([a, b]) => `${a}<private>${CANARY}</private>${b}`);

/** A JSON value whose strings may hide the canary in private blocks (values, not keys). */
const valueWithPrivate = fc.oneof(
  privateText,
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(privateText, anyValue), { maxKeys: 4 }),
  fc.array(fc.oneof(privateText, anyValue), { maxLength: 4 }),
  anyValue,
);

/** Something shaped like a Claude Code hook payload, every field possibly missing or odd. */
const payload = fc.record(
  {
    session_id: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), anyValue),
    transcript_path: anyValue,
    cwd: fc.oneof(fc.constant('/tmp'), anyValue),
    hook_event_name: fc.constantFrom(...EVENTS),
    prompt: fc.oneof(privateText, anyValue),
    tool_name: fc.oneof(
      fc.constantFrom('Read', 'Bash', 'Edit', 'TodoWrite', 'mcp__x__y'),
      anyValue,
    ),
    tool_use_id: fc.oneof(fc.string({ maxLength: 30 }), anyValue),
    tool_input: valueWithPrivate,
    tool_response: valueWithPrivate,
    error: fc.oneof(privateText, anyValue),
    last_assistant_message: fc.oneof(privateText, anyValue),
    source: fc.oneof(fc.constantFrom('startup', 'resume', 'clear', 'compact'), anyValue),
    reason: anyValue,
    agent_id: anyValue,
  },
  { requiredKeys: [] },
);

/** What a hook could be fed: a payload, any JSON, or text that is not JSON at all. */
const stdin = fc.oneof(
  { weight: 5, arbitrary: payload.map((p) => JSON.stringify(p)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: anyText(200) },
);

/** A hook runner on a temp data folder with no worker (autoStart off, short SessionStart wait). */
async function hookRunner(t: TestContext) {
  const root = tempDir(t);
  const env = {
    CLAUDE_MEM_DATA_DIR: join(root, 'data'),
    CLAUDE_MEM_WORKER_PORT: String(await freePort()),
    CLAUDE_MEM_WORKER_AUTO_START: 'false',
    CLAUDE_MEM_WORKER_START_WAIT_MS: '200',
    CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
  };
  return async (event: string, input: string) => {
    const written: string[] = [];
    const chunks: Buffer[] = [];
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    await runHook(event, {
      stdin: Readable.from([input]),
      stdout,
      env,
      cliEntry: join(root, 'no-cli.mjs'),
      writeFile: (_file, content) => written.push(content),
    });
    return { printed: Buffer.concat(chunks).toString('utf8'), written };
  };
}

test('parsePayload accepts exactly the JSON objects and never throws', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyText(200),
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      (text) => {
        const parsed = parsePayload(text);
        const value: unknown = parsed.ok ? parsed.payload : undefined;
        const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
        assert.equal(parsed.ok, isObject);
      },
    ),
    fuzzOptions(3000),
  );
});

test('a hook answers the neutral JSON on any stdin and event name, and spools only valid events', async (t) => {
  const run = await hookRunner(t);
  const events = fc.constantFrom(
    ...EVENTS.filter((name) => name !== 'SessionStart' && name !== 'context'),
  );
  await fc.assert(
    fc.asyncProperty(events, stdin, async (event, input) => {
      const { printed, written } = await run(event, input);
      assert.equal(printed, NEUTRAL_LINE);
      assert.deepEqual(
        written.filter((text) => !parseSpoolEvent(text).ok),
        [],
      );
    }),
    fuzzOptions(400),
  );
});

test('SessionStart answers the neutral JSON on any stdin when no worker can give context', async (t) => {
  const run = await hookRunner(t);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('SessionStart', 'context'), stdin, async (event, input) => {
      assert.equal((await run(event, input)).printed, NEUTRAL_LINE);
    }),
    fuzzOptions(15),
  );
});

test('no text inside <private> in a string value ever reaches the spool', async (t) => {
  const run = await hookRunner(t);
  const events = fc.constantFrom('UserPromptSubmit', 'PostToolUse', 'PostToolUseFailure', 'Stop');
  const sessionPayload = payload.map((p) => ({ ...p, session_id: 'fuzz-session', cwd: '/tmp' }));
  let spooled = 0;
  await fc.assert(
    fc.asyncProperty(events, sessionPayload, async (event, p) => {
      const { written } = await run(event, JSON.stringify(p));
      spooled += written.length;
      assert.equal(written.join('\n').includes(CANARY), false);
    }),
    fuzzOptions(400),
  );
  assert.ok(spooled > 100, `only ${spooled} events spooled: the property tested too little`);
});
