import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SearchInputError } from '../../search/index.ts';
import { AppError } from '../errors.ts';
import { asBadRequest, MemoryBodySchema, SearchQuerySchema, toBadRequest } from './recall-input.ts';

test('search query: defaults, comma lists trimmed, numbers from strings', () => {
  assert.deepEqual(
    SearchQuerySchema.parse({ type: 'bugfix, decision,', concept: ' a ,b', limit: '5' }),
    {
      q: '',
      type: ['bugfix', 'decision'],
      concept: ['a', 'b'],
      limit: 5,
      offset: 0,
    },
  );
});

test('memory body: trimmed title and text, default type, unknown keys tolerated', () => {
  const body = MemoryBodySchema.parse({
    title: ' Use pnpm ',
    text: ' never npm ',
    project: 'p',
    extra: 1,
  });
  assert.deepEqual(
    [body.title, body.text, body.type, body.pinned, body.concepts],
    ['Use pnpm', 'never npm', 'discovery', false, []],
  );
});

test('SearchInputError and FTS syntax errors become 400s; anything else passes through', () => {
  assert.throws(
    () =>
      asBadRequest(() => {
        throw new SearchInputError('since', 'bad');
      }),
    (e: unknown) => e instanceof AppError && e.code === 'BAD_REQUEST' && e.message === 'since: bad',
  );
  const fts = Object.assign(new Error('fts5: syntax error near "("'), { code: 'SQLITE_ERROR' });
  assert.equal((toBadRequest(fts) as AppError).code, 'BAD_REQUEST');
  const other = new Error('disk I/O error');
  assert.equal(toBadRequest(other), other);
});
