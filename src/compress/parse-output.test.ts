import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observationBody } from '../../test/helpers/llm-script.ts';
import { parseObservations, parseSummary } from './parse-output.ts';

const full = `<observation>
  <type>bugfix</type>
  <title>Fixed token refresh</title>
  <subtitle>Expired tokens are refreshed before the call</subtitle>
  <facts><fact>src/auth/token.ts checks expiry</fact><fact>Skew is 30 s</fact></facts>
  <narrative>The refresh ran after the call; now it runs before.</narrative>
  <concepts><concept>problem-solution</concept></concepts>
  <files_read><file>src/auth/session.ts</file></files_read>
  <files_modified><file>src/auth/token.ts</file></files_modified>
  <search_keys>401 unauthorized, token expired, why am I logged out</search_keys>
</observation>`;

/** What the parser answers for output it cannot use, naming the problem. */
const bad = (problem: string) => ({ kind: 'bad', problem });

/** What the parser answers for a deliberate <skip>, with its reason. */
const skip = (reason: string) => ({ kind: 'skip', reason });

test('reads every field of a complete observation', () => {
  assert.deepEqual(parseObservations(full), {
    kind: 'items',
    items: [
      {
        type: 'bugfix',
        title: 'Fixed token refresh',
        subtitle: 'Expired tokens are refreshed before the call',
        facts: ['src/auth/token.ts checks expiry', 'Skew is 30 s'],
        narrative: 'The refresh ran after the call; now it runs before.',
        concepts: ['problem-solution'],
        filesRead: ['src/auth/session.ts'],
        filesModified: ['src/auth/token.ts'],
        searchKeys: '401 unauthorized, token expired, why am I logged out',
      },
    ],
  });
});

test('ignores text and code fences around the XML', () => {
  const parsed = parseObservations(`Here you go:\n\`\`\`xml\n${full}\n${full}\n\`\`\`\nDone.`);
  assert.equal(parsed.kind, 'items');
  assert.equal(parsed.kind === 'items' && parsed.items.length, 2);
});

test('tolerates missing fields: a title alone is an observation', () => {
  const parsed = parseObservations('<observation><title>Only a title</title></observation>');
  assert.deepEqual(parsed.kind === 'items' && parsed.items[0], {
    type: '',
    ...observationBody('Only a title'),
    searchKeys: '',
  });
});

test('decodes entities and keeps CDATA verbatim', () => {
  const text = `<observation><title>a &lt;b&gt; &amp; &#x41;&#66;</title>
    <narrative><![CDATA[if (a < b && c > d) return;]]></narrative></observation>`;
  const parsed = parseObservations(text);
  assert.equal(parsed.kind === 'items' && parsed.items[0]?.title, 'a <b> & AB');
  assert.equal(
    parsed.kind === 'items' && parsed.items[0]?.narrative,
    'if (a < b && c > d) return;',
  );
});

test('keeps what it can of output cut off by the token limit', () => {
  const cut = `${full}\n<observation><type>feature</type><title>Second one</title><facts><fact>half a fa`;
  const parsed = parseObservations(cut);
  assert.equal(parsed.kind, 'items');
  const items = parsed.kind === 'items' ? parsed.items : [];
  assert.deepEqual(
    items.map((item) => [item.type, item.title, item.facts]),
    [
      ['bugfix', 'Fixed token refresh', ['src/auth/token.ts checks expiry', 'Skew is 30 s']],
      ['feature', 'Second one', ['half a fa']],
    ],
  );
});

test('a field left open before another one is bad output that names it, not an observation', () => {
  assert.deepEqual(
    parseObservations('<observation><title>unclosed <type>x</obs>'),
    bad('<title> of <observation> is never closed'),
  );
  assert.deepEqual(
    parseObservations(`${full}\n<observation><title>t</title><narrative>n</observation>`),
    bad('<narrative> of <observation> 2 is never closed'),
  );
  assert.deepEqual(
    parseSummary('<summary><request>r<learned>l</learned></summary>'),
    bad('<request> of <summary> is never closed'),
  );
});

test('<skip> is a deliberate "nothing worth keeping" with its reason', () => {
  assert.deepEqual(parseObservations('<skip>only listings</skip>'), skip('only listings'));
  assert.deepEqual(parseObservations('  '), skip('the provider answered nothing'));
});

test('prose without XML, and observations without content, are bad output', () => {
  assert.equal(parseObservations('I think the user fixed a bug.').kind, 'bad');
  assert.deepEqual(
    parseObservations('<observation><type>bugfix</type></observation>'),
    bad('no <observation> had a <title> or any content'),
  );
});

test('reads a summary and tolerates missing fields', () => {
  const parsed = parseSummary(
    'ok <summary><request>Fix login</request><learned>JWT skew</learned>',
  );
  assert.deepEqual(parsed, {
    kind: 'items',
    items: [
      {
        request: 'Fix login',
        investigated: '',
        learned: 'JWT skew',
        completed: '',
        nextSteps: '',
        notes: '',
      },
    ],
  });
});

test('a summary answer without <summary> is bad, with <skip> it is skipped', () => {
  assert.equal(parseSummary('no idea').kind, 'bad');
  assert.deepEqual(parseSummary('<skip>small talk</skip>'), skip('small talk'));
});

test('search keys left open before another field are bad output that names them', () => {
  const parsed = parseObservations(
    '<observation><title>t</title><search_keys>a, b<narrative>n</narrative></observation>',
  );
  assert.deepEqual(parsed, bad('<search_keys> of <observation> is never closed'));
});

test('search keys cut off at the end of an answer are kept as far as they go', () => {
  const parsed = parseObservations('<observation><title>t</title><search_keys>port taken, EADDR');
  assert.equal(parsed.kind === 'items' && parsed.items[0]?.searchKeys, 'port taken, EADDR');
});
