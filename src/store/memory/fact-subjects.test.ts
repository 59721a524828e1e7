import assert from 'node:assert/strict';
import { test } from 'node:test';
import { disagreement, factsOf } from '../../domain/index.ts';

const subjects = (text: string, file?: string) =>
  factsOf(text, file).map((fact) => `${fact.subject}=${fact.value}`);

test('reads settings, versions, ports, places, owners and replaced choices', () => {
  assert.deepEqual(subjects('Edited .env: changed PORT to 3000'), ['setting:port=3000']);
  assert.deepEqual(subjects('Set compress.batchEvents=40'), ['setting:compress.batchevents=40']);
  assert.deepEqual(subjects('Upgraded react to 18.3.1'), ['version:react=18.3.1']);
  assert.deepEqual(subjects('Project pins Node 20 in .nvmrc'), ['version:node=20']);
  assert.deepEqual(subjects('Dev server runs on port 5173'), ['port:dev server=5173']);
  assert.deepEqual(subjects('Migrations live in db/migrate/'), ['place:migrations=db/migrate']);
  assert.deepEqual(subjects('The billing service is owned by @alice'), [
    'owner:billing service=@alice',
  ]);
  assert.deepEqual(subjects('Use pnpm instead of npm'), ['choice:npm=pnpm']);
});

test('a plain key means something only within its one file', () => {
  assert.deepEqual(subjects('changed timeout to 30'), []);
  assert.deepEqual(subjects('changed timeout to 30', 'src/a.ts'), ['setting:src/a.ts#timeout=30']);
});

test('disagreement: the same subject with another value, or a replaced choice', () => {
  const older = (text: string) => ({ facts: factsOf(text), text });
  assert.equal(
    disagreement(older('API_URL=http://a'), factsOf('API_URL=http://b')),
    'setting:api_url',
  );
  assert.equal(disagreement(older('API_URL=http://a'), factsOf('API_URL=http://a')), undefined);
  assert.equal(
    disagreement(older('Tests run with jest'), factsOf('Switched from jest to vitest')),
    'choice:jest',
  );
  assert.equal(
    disagreement(older('Wrote docs'), factsOf('Switched from jest to vitest')),
    undefined,
  );
});
