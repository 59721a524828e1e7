// The embedder recipes of docs/recall.md against a fake embeddings server on 127.0.0.1: real HTTP, the
// real client built from settings as the worker builds it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../test/helpers/fake-embeddings.ts';
import { loadSettings, type Settings } from '../../config/index.ts';
import { embedderFromSettings } from './from-settings.ts';
import { DEFAULT_WEIGHT, recipeOf } from './recipes.ts';

const settings = (over: Partial<Settings>): Settings => ({
  ...loadSettings('/nonexistent-claude-mem', {}).settings,
  ...over,
});

const dot = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, x, i) => sum + x * b[i]!, 0);

interface Case {
  name: string;
  embedder: 'openai' | 'voyage';
  model: string;
  dimensions?: number;
  /** What the recipe must send: the first document input, the query input, extra fields. */
  document: string;
  query: string;
  fields: (purpose: 'query' | 'document') => Record<string, unknown>;
  id: string;
  size: number;
  weight: number;
}

const CASES: Case[] = [
  {
    name: 'Ollama nomic-embed-text',
    embedder: 'openai',
    model: 'nomic-embed-text',
    document: 'search_document: spool reader drops partial files',
    query: 'search_query: why are files lost',
    fields: () => ({}),
    id: 'openai:nomic-embed-text+tasks',
    size: 768,
    weight: 1,
  },
  {
    name: 'Ollama mxbai-embed-large',
    embedder: 'openai',
    model: 'mxbai-embed-large:latest',
    document: 'spool reader drops partial files',
    query: 'Represent this sentence for searching relevant passages: why are files lost',
    fields: () => ({}),
    id: 'openai:mxbai-embed-large:latest+tasks',
    size: 1024,
    weight: 1,
  },
  {
    name: 'OpenAI text-embedding-3-small',
    embedder: 'openai',
    model: 'text-embedding-3-small',
    document: 'spool reader drops partial files',
    query: 'why are files lost',
    fields: () => ({}),
    id: 'openai:text-embedding-3-small',
    size: 1536,
    weight: 1,
  },
  {
    name: 'OpenAI text-embedding-3-small shortened to 512',
    embedder: 'openai',
    model: 'text-embedding-3-small',
    dimensions: 512,
    document: 'spool reader drops partial files',
    query: 'why are files lost',
    fields: () => ({ dimensions: 512 }),
    id: 'openai:text-embedding-3-small@512',
    size: 512,
    weight: 1,
  },
  {
    name: 'Voyage voyage-code-3',
    embedder: 'voyage',
    model: 'voyage-code-3',
    document: 'spool reader drops partial files',
    query: 'why are files lost',
    fields: (purpose) => ({ input_type: purpose }),
    id: 'voyage:voyage-code-3',
    size: 1024,
    weight: 1.5,
  },
  {
    name: 'Voyage voyage-code-3 at 256',
    embedder: 'voyage',
    model: 'voyage-code-3',
    dimensions: 256,
    document: 'spool reader drops partial files',
    query: 'why are files lost',
    fields: (purpose) => ({ input_type: purpose, output_dimension: 256 }),
    id: 'voyage:voyage-code-3@256',
    size: 256,
    weight: 1.5,
  },
  {
    name: 'any other OpenAI-compatible model',
    embedder: 'openai',
    model: 'bge-m3',
    document: 'spool reader drops partial files',
    query: 'why are files lost',
    fields: () => ({}),
    id: 'openai:bge-m3',
    size: 256,
    weight: DEFAULT_WEIGHT,
  },
];

describe('embedder recipes against a fake embeddings server', () => {
  let fake: FakeEmbeddings;
  before(async () => {
    fake = await startFakeEmbeddings({ apiKey: 'key-123' });
  });
  after(() => fake.close());

  for (const c of CASES) {
    it(`${c.name}: request shape, vector size, id and hybrid weight`, async () => {
      const embedder = embedderFromSettings(
        settings({
          'search.embedder': c.embedder,
          'search.embeddingsUrl': fake.url,
          'search.embeddingsModel': c.model,
          'search.embeddingsKeyEnv': 'EMBED_KEY',
          'search.embeddingsDimensions': c.dimensions ?? 0,
        }),
        { EMBED_KEY: 'key-123' },
      );
      assert.ok(embedder);
      assert.deepEqual([embedder.id, embedder.vectorWeight], [c.id, c.weight]);
      const seen = fake.bodies().length;
      const [memory, other] = await embedder.embed([
        'spool reader drops partial files',
        'markdown tables render',
      ]);
      const [question] = await embedder.embed(['why are files lost'], 'query');
      const [document, query] = fake.bodies().slice(seen);
      assert.deepEqual(
        { ...document, input: document?.input?.[0] },
        { model: c.model, input: c.document, ...c.fields('document') },
      );
      assert.deepEqual(
        { ...query, input: query?.input?.[0] },
        { model: c.model, input: c.query, ...c.fields('query') },
      );
      assert.equal(memory?.length, c.size);
      assert.ok(Math.abs(dot(memory!, memory!) - 1) < 1e-4);
      assert.ok(dot(question!, memory!) > dot(question!, other!));
    });
  }

  it('a wrong key is PROVIDER_UNAVAILABLE, named by its status', async () => {
    const embedder = embedderFromSettings(
      settings({ 'search.embedder': 'voyage', 'search.embeddingsUrl': fake.url }),
      { OPENAI_API_KEY: 'wrong' },
    );
    await assert.rejects(embedder!.embed(['x']), /answered 401/);
  });
});

it('recipes are found under an Ollama tag or a publisher folder, not under another name', () => {
  assert.equal(recipeOf('nomic-embed-text:v1.5')?.dimensions, 768);
  assert.equal(recipeOf('Snowflake/mxbai-embed-large')?.dimensions, 1024);
  assert.equal(recipeOf('nomic-embed-text-v2'), undefined);
});
