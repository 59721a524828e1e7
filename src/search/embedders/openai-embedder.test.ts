import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { test, type TestContext } from 'node:test';
import { EmbedderError } from './embedder.ts';
import { createOpenAiEmbedder } from './openai-embedder.ts';

type Handler = (
  body: { model: string; input: string[] },
  req: IncomingMessage,
  res: ServerResponse,
) => void;

/** A fake OpenAI-compatible embeddings server on 127.0.0.1:0; returns its base URL. */
async function fakeServer(t: TestContext, handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => handler(JSON.parse(text) as { model: string; input: string[] }, req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}/v1`;
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

test('posts the model and texts with the key, and returns unit vectors in input order', async (t) => {
  const seen: string[] = [];
  const baseUrl = await fakeServer(t, (body, req, res) => {
    seen.push(`${req.url} ${req.headers.authorization} ${body.model} ${body.input.join('|')}`);
    json(res, 200, {
      data: [
        { index: 1, embedding: [0, 2] },
        { index: 0, embedding: [3, 4] },
      ],
    });
  });
  const embedder = createOpenAiEmbedder({ baseUrl: `${baseUrl}/`, model: 'nomic', apiKey: 'k1' });
  const vectors = await embedder.embed(['a', 'b']);
  assert.deepEqual(seen, ['/v1/embeddings Bearer k1 nomic a|b']);
  assert.deepEqual(
    vectors.map((v) => [...v].map((x) => Math.round(x * 1000) / 1000)),
    [
      [0.6, 0.8],
      [0, 1],
    ],
  );
  assert.equal(embedder.id, 'openai:nomic');
});

test('429, 5xx and an unreachable endpoint are PROVIDER_UNAVAILABLE', async (t) => {
  const baseUrl = await fakeServer(t, (_body, req, res) =>
    json(res, req.url?.includes('busy') ? 429 : 503, {}),
  );
  for (const url of [`${baseUrl}/busy`, baseUrl, 'http://127.0.0.1:1/v1']) {
    await assert.rejects(
      createOpenAiEmbedder({ baseUrl: url, model: 'm' }).embed(['x']),
      (error: unknown) => {
        assert.ok(error instanceof EmbedderError);
        assert.equal(error.code, 'PROVIDER_UNAVAILABLE');
        return true;
      },
    );
  }
});

test('an answer without one vector per text is PROVIDER_BAD_OUTPUT', async (t) => {
  const baseUrl = await fakeServer(t, (_body, _req, res) =>
    json(res, 200, { data: [{ index: 0, embedding: [1] }] }),
  );
  await assert.rejects(createOpenAiEmbedder({ baseUrl, model: 'm' }).embed(['x', 'y']), {
    code: 'PROVIDER_BAD_OUTPUT',
  });
});
