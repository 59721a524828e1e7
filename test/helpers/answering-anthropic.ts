import type { TestContext } from 'node:test';
import { reply, startFakeAnthropic, type FakeAnthropic } from './fake-anthropic.ts';

/**
 * A fake Anthropic API that answers every request with `text`, closed when the test ends, and
 * the settings that point compression at it.
 */
export async function answeringAnthropic(
  t: TestContext,
  text: string,
): Promise<{
  fake: FakeAnthropic;
  settings: { 'compress.provider': 'anthropic'; 'compress.anthropic.baseUrl': string };
}> {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  fake.respondWith(() => reply.text(text));
  return {
    fake,
    settings: { 'compress.provider': 'anthropic', 'compress.anthropic.baseUrl': fake.url },
  };
}
