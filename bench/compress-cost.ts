// LLM tokens per stored observation and requests per turn, over the spotter and
// claude-code-log transcripts replayed through the real hooks and the real worker, with the
// `anthropic` provider pointed at the fake Messages API (realistic-size XML answers, see
// test/helpers/fake-replies.ts). Tokens are counted on the exact request and response bodies
// (one token per 4 characters of the JSON / SSE text, envelope included), and compared with the
// incumbent's approach simulated on the same stored events in the same run: one conversation per
// session that every event is appended to and that is resent whole on every call.
// Usage: node --import tsx bench/compress-cost.ts [--corpus DIR,DIR]   (needs npm run build)
import { existsSync } from 'node:fs';
import { workerRequest } from '../src/client/index.ts';
import {
  OBSERVATION_AND_SUMMARY_SYSTEM,
  OBSERVATION_SYSTEM,
  SUMMARY_SYSTEM,
} from '../src/compress/prompts.ts';
import { queryDb } from '../test/helpers/db.ts';
import { CLI_BUNDLE, HOOK_BUNDLE, createTestHome, type TestHome } from '../test/helpers/env.ts';
import {
  reply,
  requestText,
  startFakeAnthropic,
  type MessagesBody,
} from '../test/helpers/fake-anthropic.ts';
import { countTokens, type RecordedRequest } from '../test/helpers/fake-llm-http.ts';
import { realisticAnswer } from '../test/helpers/fake-replies.ts';
import { replayCorpus, runReplay } from '../test/helpers/replay.ts';
import { benchCorpusDirs } from './lib/corpus.ts';
import { startWorker, stopWorker, waitForDrain, tokenOf } from '../test/helpers/worker.ts';
import { fixed, printTable } from './lib/stats.ts';

const TARGET = 2_000;

interface StoredEvent {
  session_id: number;
  tool_name: string;
  tool_input: string;
  tool_response: string | null;
  error: string | null;
}

/** `--corpus DIR,DIR`: the transcript folders to replay (default: bench/lib/corpus.ts). */
function corpusFlag(): string[] {
  const at = process.argv.indexOf('--corpus');
  return at === -1 ? [] : (process.argv[at + 1] ?? '').split(',').filter(Boolean);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForCompression(home: TestHome): Promise<void> {
  for (let waited = 0; waited < 600_000; waited += 500) {
    const res = await workerRequest(home.port, '/api/compression/status', {
      token: tokenOf(home),
      timeoutMs: 5_000,
    });
    const body = res.body as { events: Record<string, number>; turns: Record<string, number> };
    if (!body.events.pending && !body.turns.pending) return;
    await sleep(500);
  }
  throw new Error('compression did not finish in 10 minutes');
}

const bodyTokens = (requests: RecordedRequest[]): number =>
  requests.reduce((sum, r) => sum + countTokens(r.body) + countTokens(r.response), 0);

/**
 * The incumbent's cost on the same events: per session one growing conversation (its init
 * prompt, then per event the event as pretty JSON in its <observed_from_primary_session>
 * wrapper, and the model's answer), resent whole for every event and for every turn's summary.
 * Answers are as long as ours per event on average.
 */
function incumbentTokens(
  events: StoredEvent[],
  turns: Map<number, number>,
  answerCharsPerEvent: number,
): number {
  const bySession = new Map<number, StoredEvent[]>();
  for (const event of events)
    bySession.set(event.session_id, [...(bySession.get(event.session_id) ?? []), event]);
  let total = 0;
  for (const [session, list] of bySession) {
    let history = OBSERVATION_SYSTEM.length + 2_000; // Init prompt: instructions and the user's request.
    for (const event of list) {
      const input = JSON.stringify(JSON.parse(event.tool_input), null, 2);
      const output = event.tool_response ?? JSON.stringify(event.error);
      const message = `<observed_from_primary_session><what_happened>${event.tool_name}</what_happened><parameters>${input}</parameters><outcome>${output}</outcome></observed_from_primary_session>`;
      history += message.length + 40; // JSON envelope of one message.
      total += Math.ceil(history / 4) + Math.ceil(answerCharsPerEvent / 4);
      history += answerCharsPerEvent + 40;
    }
    const summaries = turns.get(session) ?? 0;
    total += summaries * (Math.ceil((history + SUMMARY_SYSTEM.length) / 4) + 200);
  }
  return total;
}

async function main(): Promise<void> {
  if (!existsSync(HOOK_BUNDLE) || !existsSync(CLI_BUNDLE))
    throw new Error('run npm run build first');
  const fake = await startFakeAnthropic();
  fake.respondWith((body: MessagesBody) =>
    reply.text(realisticAnswer(JSON.stringify(body.system), requestText(body))),
  );
  const home = await createTestHome({
    ANTHROPIC_API_KEY: 'bench-key',
    CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
    CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
    CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
    CLAUDE_MEM_COMPRESS_ANTHROPIC_DAILY_TOKENS: '10000000000',
    CLAUDE_MEM_COMPRESS_FLUSH_AFTER_MS: '10000',
    // Embeddings are recall's work and CPU-bound; they would only slow this down.
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
  });
  try {
    await startWorker(home);
    const files = replayCorpus(benchCorpusDirs(corpusFlag()));
    const started = Date.now();
    await runReplay(files, home.env);
    await waitForDrain(home);
    await waitForCompression(home);
    report(home, fake.messageRequests(), files.length, Date.now() - started);
  } finally {
    await stopWorker(home);
    home.cleanup();
    await fake.close();
  }
}

function report(home: TestHome, requests: RecordedRequest[], fileCount: number, ms: number): void {
  const one = <T>(sql: string): T => queryDb<T>(home.dataDir, sql)[0] as T;
  const observations = one<{ n: number }>(
    "SELECT COUNT(*) AS n FROM observations WHERE provider = 'anthropic'",
  ).n;
  const allObservations = one<{ n: number }>('SELECT COUNT(*) AS n FROM observations').n;
  const turnRows = queryDb<{ session_id: number; n: number }>(
    home.dataDir,
    `SELECT session_id, COUNT(*) AS n FROM (SELECT session_id, prompt_number FROM events
       UNION SELECT session_id, prompt_number FROM turns) GROUP BY session_id`,
  );
  const turns = turnRows.reduce((sum, row) => sum + row.n, 0);
  const usesSystem = (system: string) => (r: RecordedRequest) =>
    r.body.includes(JSON.stringify(system.slice(-300)).slice(1, -1));
  const summaryRequests = requests.filter(usesSystem(SUMMARY_SYSTEM));
  const closingRequests = requests.filter(usesSystem(OBSERVATION_AND_SUMMARY_SYSTEM));
  const ours = bodyTokens(requests);
  const usage = one<{ tin: number; tout: number }>(
    "SELECT SUM(tokens_in) AS tin, SUM(tokens_out) AS tout FROM usage WHERE provider = 'anthropic'",
  );
  const events = queryDb<StoredEvent>(
    home.dataDir,
    'SELECT session_id, tool_name, tool_input, tool_response, error FROM events ORDER BY session_id, id',
  );
  const observationRequests = requests.filter((r) => !summaryRequests.includes(r));
  const sentEvents = observationRequests.reduce(
    (sum, r) => sum + (r.body.match(/<event n=/g) ?? []).length,
    0,
  );
  // Only the observations of an answer: a closing batch's answer also holds the turn's summary.
  const answerChars =
    observationRequests.reduce(
      (sum, r) => sum + r.response.replace(/<summary>[\s\S]*?<\/summary>/, '').length,
      0,
    ) / Math.max(1, sentEvents);
  const baseline = incumbentTokens(
    events,
    new Map(turnRows.map((row) => [row.session_id, row.n])),
    answerChars,
  );
  console.log(
    `${fileCount} transcripts, ${events.length} events, ${turns} turns, replayed and compressed in ${fixed(ms / 1000)} s`,
  );
  console.log(
    `observations stored: ${allObservations} (${observations} by anthropic); usage table: ${usage.tin} in + ${usage.tout} out\n`,
  );
  printTable(
    [
      'approach',
      'requests',
      'requests/turn',
      'tokens (bodies)',
      'tokens/observation',
      'vs target 2,000',
    ],
    [
      [
        'claude-mem (per-turn batches)',
        String(requests.length),
        fixed(requests.length / turns, 2),
        String(ours),
        fixed(ours / observations, 0),
        ours / observations <= TARGET ? 'met' : 'MISSED',
      ],
      [
        '  of which observation requests',
        String(observationRequests.length),
        fixed(observationRequests.length / turns, 2),
        String(bodyTokens(observationRequests)),
        '',
        '',
      ],
      [
        '  of which also summarized their turn',
        String(closingRequests.length),
        fixed(closingRequests.length / turns, 2),
        String(bodyTokens(closingRequests)),
        '',
        '',
      ],
      [
        '  of which summary requests',
        String(summaryRequests.length),
        fixed(summaryRequests.length / turns, 2),
        String(bodyTokens(summaryRequests)),
        '',
        '',
      ],
      [
        'incumbent (growing session, simulated)',
        String(events.length + turns),
        fixed((events.length + turns) / turns, 2),
        String(baseline),
        fixed(baseline / observations, 0),
        '',
      ],
    ],
  );
  console.log(`\nratio incumbent / claude-mem: ${fixed(baseline / ours, 1)}x`);
}

await main();
