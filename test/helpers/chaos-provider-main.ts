// The soak's chaotic Anthropic API as a process of its own (test/helpers/chaos-provider.ts starts
// it): the test process spawns hooks by the dozen, and on a loaded machine its event loop is too
// slow to answer a provider call within the compressor's timeout. Talks over IPC: sends
// {url} once listening and {kind} for each reply; takes {good: true} (answer well from now on).
import { reply, startFakeAnthropic, type FakeReply } from './fake-anthropic.ts';
import { realisticReply } from './fake-replies.ts';
import { seededRandom } from './soak-load.ts';

/** A provider having a bad day; the kind of reply, then the reply. */
function chaosReply(random: () => number, good: FakeReply): [string, FakeReply] {
  const roll = random();
  if (roll < 0.15) return ['429', reply.error(429, { retryAfterSeconds: 0 })];
  if (roll < 0.3) return ['500', reply.error(500)];
  if (roll < 0.35) return ['529', reply.error(529)];
  if (roll < 0.4) return ['timeout', reply.hang()];
  if (roll < 0.45) return ['reset', reply.reset()];
  if (roll < 0.55) return ['garbage', reply.text('Sure! Here is a summary: it went fine.')];
  if (roll < 0.6) return ['cut-off', reply.text('<observation><type>bugfix</type><title>Fix')];
  return ['good', good];
}

async function main(): Promise<void> {
  const send = (message: unknown): boolean => process.send?.(message) ?? false;
  const fake = await startFakeAnthropic();
  const chaos = seededRandom(Number(process.argv[2] ?? 7));
  let allGood = false;
  fake.respondWith((body) => {
    const good = realisticReply(body);
    if (allGood) return good;
    const [kind, next] = chaosReply(chaos, good);
    send({ kind });
    return next;
  });
  process.on('message', (message: { good?: boolean }) => {
    allGood ||= message.good === true;
  });
  // The parent gone (a killed test) ends this one too.
  process.on('disconnect', () => void fake.close().finally(() => process.exit(0)));
  send({ url: fake.url });
}

void main();
