import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSettings, type Settings } from '../../config/index.ts';
import { embedderFromSettings } from './from-settings.ts';

const settings = (over: Partial<Settings>): Settings => ({
  ...loadSettings('/nonexistent-claude-mem', {}).settings,
  ...over,
});

test('search.embedder picks the embedder by name; off gives none; nothing loads here', () => {
  assert.equal(embedderFromSettings(settings({}))?.id, 'energetic-ai/use-lite-512');
  assert.equal(
    embedderFromSettings(settings({ 'search.embedder': 'local' }))?.id,
    'energetic-ai/use-lite-512',
  );
  assert.equal(embedderFromSettings(settings({ 'search.embedder': 'hash' }))?.id, 'hash-v2-256');
  assert.equal(embedderFromSettings(settings({ 'search.embedder': 'off' })), undefined);
});

test('openai uses the URL, model and the key from the environment variable named', async () => {
  let seen = '';
  const fetchStub: typeof fetch = async (url, init) => {
    seen = `${String(url)} ${(init?.headers as Record<string, string>).authorization}`;
    return new Response(JSON.stringify({ data: [{ index: 0, embedding: [1] }] }));
  };
  const embedder = embedderFromSettings(
    settings({
      'search.embedder': 'openai',
      'search.embeddingsUrl': 'http://127.0.0.1:9/v1',
      'search.embeddingsModel': 'm1',
      'search.embeddingsKeyEnv': 'MY_KEY',
    }),
    { MY_KEY: 'k-123' },
    fetchStub,
  );
  assert.equal(embedder?.id, 'openai:m1');
  await embedder?.embed(['x']);
  assert.equal(seen, 'http://127.0.0.1:9/v1/embeddings Bearer k-123');
});
