// Property-based fuzzing of the secret redactor (src/privacy/redact-secrets.ts), fixed seed,
// bounded. Secrets are generated in every shape the README promises to redact, with random bodies,
// and put in random surroundings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { mayNeedSanitizing, redactSecrets, sanitizeText } from '../../src/privacy/index.ts';
import { SECRET_RULES } from '../../src/privacy/secret-rules.ts';
import { anyText, fuzzOptions, textOf } from '../helpers/fuzz.ts';

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const URL_SAFE = `${ALNUM}_-`;

/** A secret: the whole text to plant, and the part of it that must not survive. */
interface Planted {
  kind: string;
  text: string;
  secret: string;
}

const plain = (kind: string, prefix: string, body: fc.Arbitrary<string>) =>
  body.map((b): Planted => ({ kind, text: `${prefix}${b}`, secret: b }));

/** With a digit somewhere: the rules that require one (OpenAI keys, bearer tokens) say why. */
const withDigit = (body: fc.Arbitrary<string>) =>
  fc.tuple(body, fc.constantFrom(...DIGITS), fc.nat()).map(([b, d, at]) => {
    const i = at % (b.length + 1);
    return `${b.slice(0, i)}${d}${b.slice(i)}`;
  });

/** A bare assignment value that reads as a secret, not as code (no `$`, no dots, a digit). */
const assignedValue = withDigit(chars(`${ALNUM}!@#%^*_+-`, 6, 30));

const SECRETS: fc.Arbitrary<Planted> = fc.oneof(
  plain('anthropic', 'sk-ant-api03-', chars(URL_SAFE, 20, 90)),
  plain('openai', 'sk-proj-', withDigit(chars(URL_SAFE, 20, 60))),
  plain('github', 'ghp_', chars(ALNUM, 36, 40)),
  plain('github-pat', 'github_pat_', chars(`${ALNUM}_`, 22, 80)),
  plain('aws', 'AKIA', chars(UPPER + DIGITS, 16, 16)),
  plain('google', 'AIza', chars(URL_SAFE, 35, 35)),
  plain('slack', 'xoxb-', chars(`${ALNUM}-`, 10, 60)),
  plain('stripe', 'sk_live_', chars(ALNUM, 16, 40)),
  plain('npm', 'npm_', chars(ALNUM, 36, 40)),
  fc
    .tuple(chars(URL_SAFE, 10, 60), chars(URL_SAFE, 10, 80), chars(URL_SAFE, 10, 40))
    .map(([a, b, c]): Planted => ({ kind: 'jwt', text: `eyJ${a}.${b}.${c}`, secret: `${b}.${c}` })),
  plain('bearer', 'Authorization: Bearer ', withDigit(chars(`${ALNUM}._~+/-`, 8, 80))),
  plain('basic', 'Authorization: Basic ', chars(`${ALNUM}+/`, 8, 60)),
  plain('password', 'password=', assignedValue),
  plain('env-secret', 'export STRIPE_SECRET_KEY=', assignedValue),
  plain('json-credential', '"client_secret": "', assignedValue).map((p) => ({
    ...p,
    text: `${p.text}"`,
  })),
  fc.tuple(chars(LOWER, 3, 12), assignedValue).map(([user, pass]): Planted => ({
    kind: 'url-credentials',
    text: `postgres://${user}:${pass}@db.internal:5432/app`,
    secret: pass,
  })),
  assignedValue.map((pass): Planted => ({
    kind: 'url-credentials',
    text: `redis://:${pass}@cache:6379`,
    secret: pass,
  })),
  plain('env-secret', 'DB_PASS=', assignedValue),
  plain('env-secret', 'SECRET=', assignedValue),
  plain('mysql', 'mysql -u root -p', assignedValue),
  fc.tuple(chars(LOWER, 3, 12), assignedValue).map(([user, pass]): Planted => ({
    kind: 'curl-user',
    text: `curl -u ${user}:${pass} https://api.example.com`,
    secret: pass,
  })),
  plain('slack-webhook', 'https://hooks.slack.com/services/', chars(`${ALNUM}/`, 40, 60)),
  fc
    .tuple(chars(ALNUM, 29, 39), fc.constantFrom(...UPPER))
    .map(([b, u]): Planted => ({ kind: 'huggingface', text: `hf_${u}${b}`, secret: b })),
  plain('azure-storage-key', 'AccountName=a;AccountKey=', chars(`${ALNUM}+/`, 40, 88)),
  plain('azure-client-secret', 'ab18Q~', chars(`${ALNUM}_~.-`, 31, 34)),
  plain('gitlab', 'glpat-', chars(URL_SAFE, 20, 40)),
  plain('digitalocean', 'dop_v1_', chars('0123456789abcdef', 64, 64)),
  plain('vault', 'hvs.', chars(URL_SAFE, 90, 120)),
  plain('pypi', 'pypi-AgEIcHlwaS5vcmc', chars(URL_SAFE, 50, 80)),
  fc
    .tuple(chars(URL_SAFE, 22, 22), chars(URL_SAFE, 43, 43))
    .map(([a, b]): Planted => ({ kind: 'sendgrid', text: `SG.${a}.${b}`, secret: `${a}.${b}` })),
  plain('shopify', 'shpat_', chars('0123456789abcdef', 32, 32)),
  plain('twilio', 'SK', withDigit(chars('0123456789abcdef', 31, 31))),
  plain('age', 'AGE-SECRET-KEY-1', chars('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58, 58)),
  plain('vendor', 'pplx-', chars(ALNUM, 48, 48)),
  plain(
    'teams-webhook',
    'https://contoso.webhook.office.com/webhookb2/',
    chars(`${ALNUM}@/-`, 40, 120),
  ),
);

/** Prose around a secret: words and punctuation, cut off from it by whitespace. */
const prose = textOf(['the', 'deploy', 'key', 'is', 'token', 'use', 'config', '=', ':', '.'], 12);

test('never throws on any text, and never lengthens text that holds no secret shape', () => {
  fc.assert(
    fc.property(anyText(400), (text) => {
      const words = text.replace(/[^a-z .]/g, '');
      assert.equal(typeof redactSecrets(text), 'string');
      assert.equal(redactSecrets(words), words);
    }),
    fuzzOptions(2000),
  );
});

test('hides every planted secret, whatever prose surrounds it', () => {
  fc.assert(
    fc.property(
      prose,
      SECRETS,
      prose,
      fc.constantFrom(' ', '\n', '\t'),
      (before, p, after, gap) => {
        const text = `${before}${gap}${p.text}${gap}${after}`;
        assert.equal(redactSecrets(text).includes(p.secret), false, `${p.kind} survived`);
      },
    ),
    fuzzOptions(4000),
  );
});

test('hides several secrets on one line', () => {
  fc.assert(
    fc.property(fc.array(SECRETS, { minLength: 2, maxLength: 5 }), (planted) => {
      const out = redactSecrets(planted.map((p) => p.text).join(' ; '));
      assert.deepEqual(
        planted.filter((p) => out.includes(p.secret)).map((p) => p.kind),
        [],
      );
    }),
    fuzzOptions(1500),
  );
});

test('redacting twice changes nothing', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyText(300),
        fc.tuple(prose, SECRETS, prose).map(([a, p, b]) => `${a} ${p.text} ${b}`),
      ),
      (text) => {
        const once = redactSecrets(text);
        assert.equal(redactSecrets(once), once);
      },
    ),
    fuzzOptions(2000),
  );
});

/** Flips the case of letters at random: `Authorization: BEARER ...` still matches the /i rules. */
const flipCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));

test('finds one of its needles, and of its separators, in every text a rule matches (the pre-checks skip nothing)', () => {
  const rules = SECRET_RULES.map((rule) => ({
    rule,
    once: new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '')),
  }));
  const matched = new Set<string>();
  fc.assert(
    fc.property(
      fc.oneof(
        anyText(300),
        fc
          .tuple(prose, SECRETS, prose)
          .chain(([a, p, b]) => flipCase(p.text).map((text) => `${a} ${text} ${b}`)),
        fc.tuple(prose, SECRETS, prose).map(([a, p, b]) => `${a} ${p.text} ${b}`),
      ),
      (text) => {
        const lower = text.toLowerCase();
        for (const { rule, once } of rules) {
          if (!once.test(text)) continue;
          matched.add(rule.kind);
          const haystack = rule.pattern.ignoreCase ? lower : text;
          assert.ok(
            rule.needles.some((needle) => haystack.includes(needle)),
            `${rule.kind}: ${JSON.stringify(text)}`,
          );
          const separators = rule.separators ?? [''];
          assert.ok(
            separators.some((separator) => text.includes(separator)),
            `${rule.kind} without a separator: ${JSON.stringify(text)}`,
          );
        }
      },
    ),
    fuzzOptions(3000),
  );
  assert.ok(matched.size >= SECRET_RULES.length - 2, [...matched].join(', '));
});

test('text mayNeedSanitizing calls clean is left unchanged by sanitizeText', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyText(300),
        prose,
        fc.tuple(prose, SECRETS, prose).map(([a, p, b]) => `${a} ${p.text} ${b}`),
      ),
      (text) => {
        assert.ok(mayNeedSanitizing(text) || sanitizeText(text) === text, JSON.stringify(text));
      },
    ),
    fuzzOptions(3000),
  );
});
