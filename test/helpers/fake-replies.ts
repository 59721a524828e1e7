/**
 * Realistic answers for the fake LLM servers: observation XML sized like a real model's (about
 * 220-270 tokens each with its ~17 words of search keys, one per ~6 events, 1 to 8 per request), and a summary of ~150 tokens,
 * the same whether it comes alone or after the observations of the batch that closes a turn.
 * The bench counts tokens on these, so their size is stated here, not hidden.
 */
import { reply, requestText, type FakeReply, type MessagesBody } from './fake-anthropic.ts';

const FILE_LINE = /^(?:file_path|path|notebook_path): (.+)$/gm;
const EVENT_TAG = /<event n="\d+" tool="([^"]+)"/g;

/** What an observation request asked about: the tools and files of its events. */
export function requestEvents(text: string): { tools: string[]; files: string[] } {
  const tools = [...text.matchAll(EVENT_TAG)].map((m) => m[1] ?? '');
  const files = [...new Set([...text.matchAll(FILE_LINE)].map((m) => (m[1] ?? '').trim()))];
  return { tools, files };
}

const filler = (topic: string): string =>
  `The change to ${topic} keeps the session list consistent after a reconnect: the handler now reloads the state from the database instead of trusting the socket assigns, and the test covers the stale-assign case that used to crash the view.`;

/** One observation of realistic size about `file`. */
export function observationXml(index: number, file: string, modified: boolean): string {
  return `<observation>
  <type>${modified ? 'bugfix' : 'discovery'}</type>
  <title>${modified ? 'Fixed' : 'Studied'} ${file} (part ${index + 1})</title>
  <subtitle>How ${file} handles reconnects and why the stale state crashed the view.</subtitle>
  <facts>
    <fact>${file} reloads the session from the database in handle_info/2.</fact>
    <fact>The stale assign came from a reconnect that skipped mount/3.</fact>
    <fact>A regression test now covers the reconnect path.</fact>
  </facts>
  <narrative>${filler(file)}</narrative>
  <concepts><concept>problem-solution</concept><concept>gotcha</concept></concepts>
  <files_read><file>${file}</file></files_read>
  <files_modified>${modified ? `<file>${file}</file>` : ''}</files_modified>
  <search_keys>stale socket state, view crashes after reconnect, why the session list goes blank, mount skipped</search_keys>
</observation>`;
}

/** The answer to an observation request: ceil(events / 6) observations, 1 to 8. */
export function observationsAnswer(requestText: string): string {
  const { tools, files } = requestEvents(requestText);
  const count = Math.min(8, Math.max(1, Math.ceil(tools.length / 6)));
  const modified = tools.some(
    (tool) => tool === 'Edit' || tool === 'Write' || tool === 'MultiEdit',
  );
  return Array.from({ length: count }, (_, i) =>
    observationXml(i, files[i % Math.max(1, files.length)] ?? 'README.md', modified),
  ).join('\n');
}

/** The answer to a summary request. */
export function summaryAnswer(): string {
  return `<summary>
  <request>Fix the session view crash after a socket reconnect</request>
  <investigated>The LiveView mount and handle_info paths, the transcript sync job and its tests.</investigated>
  <learned>A reconnect can skip mount/3, so socket assigns may be stale; state must be reloaded from the database.</learned>
  <completed>The handler reloads the session; a regression test covers the reconnect path; the suite passes.</completed>
  <next_steps>Apply the same reload to the subagent view.</next_steps>
  <notes>The crash only showed with two tabs open.</notes>
</summary>`;
}

/**
 * A responder for any system prompt: observations for the observation instructions, followed by
 * the summary when they ask for one too (a batch that closes its turn), a summary alone for the
 * summary instructions.
 */
export function realisticAnswer(system: string, requestText: string): string {
  const observations = system.includes('<observation>');
  const summary = system.includes('<summary>');
  if (!observations) return summaryAnswer();
  return summary
    ? `${observationsAnswer(requestText)}\n${summaryAnswer()}`
    : observationsAnswer(requestText);
}

/** `realisticAnswer` as the fake Anthropic API's reply to a Messages request `body`. */
export const realisticReply = (body: MessagesBody): FakeReply =>
  reply.text(realisticAnswer(JSON.stringify(body.system), requestText(body)));
