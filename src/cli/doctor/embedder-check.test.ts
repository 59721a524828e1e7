import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../test/helpers/fake-embeddings.ts';
import { loadSettings, type Settings } from '../../config/index.ts';
import { checkEmbedder } from './embedder-check.ts';

const settings = (over: Partial<Settings>): Settings => ({
  ...loadSettings('/nonexistent-claude-mem', {}).settings,
  ...over,
});

describe('doctor checks the embedder', () => {
  let fake: FakeEmbeddings;
  before(async () => {
    fake = await startFakeEmbeddings({ apiKey: 'k-1' });
  });
  after(() => fake.close());

  it('a local endpoint is called: the model and its size, or what is wrong', async () => {
    const s = settings({
      'search.embedder': 'openai',
      'search.embeddingsUrl': fake.url,
      'search.embeddingsModel': 'mxbai-embed-large',
    });
    const good = await checkEmbedder({ settings: s, env: { OPENAI_API_KEY: 'k-1' }, optIn: false });
    assert.deepEqual(good, {
      name: 'embedder',
      ok: true,
      detail: `openai:mxbai-embed-large+tasks at ${fake.url}: 1024 dimensions`,
    });
    const bad = await checkEmbedder({ settings: s, env: { OPENAI_API_KEY: 'nope' }, optIn: false });
    assert.equal(bad.ok, false);
    assert.match(bad.detail, /answered 401.*check the key in OPENAI_API_KEY/);
  });

  it('a remote endpoint only with --check-provider; other embedders need no call', async () => {
    const remote = settings({
      'search.embedder': 'voyage',
      'search.embeddingsUrl': 'https://api.voyageai.com/v1',
    });
    const skipped = await checkEmbedder({ settings: remote, env: {}, optIn: false });
    assert.match(skipped.detail, /not tried/);
    const local = await checkEmbedder({ settings: settings({}), env: {}, optIn: true });
    assert.deepEqual([local.ok, local.detail], [true, 'local: nothing to call']);
  });
});
