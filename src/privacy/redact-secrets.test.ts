import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mayHoldSecret, REDACTION_RULES, redactSecrets } from './redact-secrets.ts';
import { testRedactions, type RedactionCase } from '../../test/helpers/redaction-cases.ts';
import { SECRET_RULES } from './secret-rules.ts';
import { COMMAND_RULES, VENDOR_RULES } from './vendor-rules.ts';

// Fake secrets are assembled from pieces so secret scanners do not flag this file.
const alnum = (n: number): string => 'aB3dE5gH7jK9mN1pQ2'.repeat(8).slice(0, n);
const ANTHROPIC = `sk-ant-api03-${alnum(93)}`;
const PEM_BODY = `MIIEowIBAAKCAQEA${alnum(60)}\n${alnum(64)}==`;
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.' +
  'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

const marked = (kind: string, before = '', after = ''): string =>
  `${before}[REDACTED:${kind}]${after}`;

const REDACTED: readonly RedactionCase[] = [
  {
    kind: 'private-key',
    input: `key:\n-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----\nok`,
    expected: marked('private-key', 'key:\n', '\nok'),
  },
  {
    kind: 'private-key',
    input: `-----BEGIN OPENSSH PRIVATE KEY-----\n${PEM_BODY}`,
    expected: marked('private-key'),
  },
  {
    kind: 'private-key',
    input: `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,AB12\n\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`,
    expected: marked('private-key'),
  },
  {
    kind: 'url-credentials',
    input: 'DATABASE_URL is postgres://admin:s3cr3t@db.internal:5432/app',
    expected: marked('url-credentials', 'DATABASE_URL is postgres://', '@db.internal:5432/app'),
  },
  {
    kind: 'anthropic-key',
    input: `use ${ANTHROPIC} now`,
    expected: marked('anthropic-key', 'use ', ' now'),
  },
  { kind: 'openai-key', input: `sk-proj-${alnum(60)}`, expected: marked('openai-key') },
  {
    kind: 'openai-key',
    input: `key=sk-${alnum(48)};`,
    expected: marked('openai-key', 'key=', ';'),
  },
  { kind: 'github-token', input: `ghp_${alnum(36)}`, expected: marked('github-token') },
  {
    kind: 'github-token',
    input: `gho_${alnum(36)} ghs_${alnum(36)}`,
    expected: marked('github-token', '', ' [REDACTED:github-token]'),
  },
  {
    kind: 'github-token',
    input: `github_pat_11ABCDEFG0_${alnum(59)}`,
    expected: marked('github-token'),
  },
  {
    kind: 'aws-access-key-id',
    input: 'id: AKIAIOSFODNN7EXAMPLE',
    expected: marked('aws-access-key-id', 'id: '),
  },
  {
    kind: 'aws-access-key-id',
    input: 'ASIAY34FZKBOKMUTVV7A',
    expected: marked('aws-access-key-id'),
  },
  {
    kind: 'aws-secret-key',
    input: `aws_secret_access_key = ${AWS_SECRET}`,
    expected: marked('aws-secret-key', 'aws_secret_access_key = '),
  },
  {
    kind: 'aws-secret-key',
    input: `{"SecretAccessKey": "${AWS_SECRET}"}`,
    expected: marked('aws-secret-key', '{"SecretAccessKey": "', '"}'),
  },
  {
    kind: 'google-api-key',
    input: `key=AIza${alnum(35)}&q=1`,
    expected: marked('google-api-key', 'key=', '&q=1'),
  },
  {
    kind: 'slack-token',
    input: `xoxb-1234567890-1234567890123-${alnum(24)}`,
    expected: marked('slack-token'),
  },
  { kind: 'stripe-key', input: `sk_live_${alnum(24)}`, expected: marked('stripe-key') },
  {
    kind: 'stripe-key',
    input: `rk_live_${alnum(24)} pk_live_${alnum(24)}`,
    expected: marked('stripe-key', '', ' [REDACTED:stripe-key]'),
  },
  {
    kind: 'npm-token',
    input: `//registry.npmjs.org/:_authToken=npm_${alnum(36)}`,
    expected: marked('npm-token', '//registry.npmjs.org/:_authToken='),
  },
  { kind: 'jwt', input: `token: ${JWT}`, expected: marked('jwt', 'token: ') },
  {
    kind: 'authorization-header',
    input: 'curl -H "Authorization: Basic dXNlcjpwYXNzd29yZA==" x',
    expected: marked('authorization-header', 'curl -H "Authorization: Basic ', '" x'),
  },
  {
    kind: 'bearer-token',
    input: 'Authorization: Bearer abc123DEF456ghi789',
    expected: marked('bearer-token', 'Authorization: Bearer '),
  },
  { kind: 'password', input: 'password=hunter2', expected: marked('password', 'password=') },
  {
    kind: 'password',
    input: 'db:\n  password: hunter2\n',
    expected: marked('password', 'db:\n  password: ', '\n'),
  },
  {
    kind: 'password',
    input: '{"password": "hun\\"ter2"}',
    expected: marked('password', '{"password": "', '"}'),
  },
  {
    kind: 'password',
    input: "passwd='x' pwd=y",
    expected: "passwd='[REDACTED:password]' pwd=[REDACTED:password]",
  },
  {
    kind: 'password',
    input: 'https://x.io/login?user=a&password=hunter2&next=1',
    expected: marked('password', 'https://x.io/login?user=a&password=', '&next=1'),
  },
  {
    kind: 'env-secret',
    input: 'FOO_API_KEY=value',
    expected: marked('env-secret', 'FOO_API_KEY='),
  },
  {
    kind: 'env-secret',
    input: 'export X_TOKEN="v"',
    expected: marked('env-secret', 'export X_TOKEN="', '"'),
  },
  { kind: 'env-secret', input: 'X_SECRET: v', expected: marked('env-secret', 'X_SECRET: ') },
  {
    kind: 'env-secret',
    input: '{"X_SECRET": "v"}',
    expected: marked('env-secret', '{"X_SECRET": "', '"}'),
  },
  {
    kind: 'credential-assignment',
    input: '{"access_token": "ya29.a0AfH6SMB", "api_key": \'k1\'}',
    expected:
      '{"access_token": "[REDACTED:credential-assignment]", "api_key": \'[REDACTED:credential-assignment]\'}',
  },
  {
    kind: 'credential-assignment',
    input: 'x-api-key: 0123abcd',
    expected: marked('credential-assignment', 'x-api-key: '),
  },
];

const NEAR_MISSES: readonly string[] = [
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----',
  '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkq\n-----END CERTIFICATE-----',
  'git clone ssh://git@github.com/org/repo.git and http://localhost:8080/a@b',
  'sk-ant-short and sk-learn-classification-pipeline-example',
  'ghp_token_name = "x" is a variable; gh_pat_ is not a prefix',
  'AKIAIOSFODNN7EXAMPL is one short; akiaiosfodnn7example is lower case',
  'rotate the aws secret access key every 90 days',
  'AIzaTooShort and xoxo-hugs-and-kisses and sk_live_short',
  'npm_config_cache=/tmp/npm and npm_package_version=1.0.0',
  'eyJhbGciOiJIUzI1NiJ9 is only a header',
  'Authorization: required for every endpoint',
  'the bearer instrument; Bearer $TOKEN; Bearer ${TOKEN}',
  'interface User { password: string; passwordHash: string }',
  'const password = config.db.password; if (password == "x") return; const p = password => 1;',
  'password = getPassword(); passwords: 3',
  'PWD=/work/main OLDPWD=~/src',
  'MONKEY=banana API_KEY_NAME=primary TOKENS=3',
  'const X_TOKEN = process.env.X_TOKEN; GITHUB_TOKEN=$GH_TOKEN',
  'apiKey: string; accessToken?: Token',
];

const ORDINARY: readonly string[] = [
  'commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
  'request 123e4567-e89b-12d3-a456-426614174000 done',
  'read /home/user/.ssh/id_rsa.pub and C:\\Users\\me\\secrets.txt',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'The secret to good tokens is a password manager, says the key speaker.',
];

testRedactions(REDACTED, [...NEAR_MISSES, ...ORDINARY], 40);

test('has a redacting example for every rule (ported ones: gitleaks-rules.test.ts)', () => {
  const covered = new Set(REDACTED.map((c) => c.kind));
  const ported = new Set([...VENDOR_RULES, ...COMMAND_RULES].map((r) => r.kind));
  assert.deepEqual(
    REDACTION_RULES.map((r) => r.kind).filter((kind) => !covered.has(kind) && !ported.has(kind)),
    [],
  );
});

test('gives a vendor key inside an assignment the vendor kind, once', () => {
  assert.equal(
    redactSecrets(`ANTHROPIC_API_KEY="${ANTHROPIC}"`),
    'ANTHROPIC_API_KEY="[REDACTED:anthropic-key]"',
  );
  assert.equal(
    redactSecrets(`GITHUB_TOKEN=ghp_${alnum(36)}`),
    'GITHUB_TOKEN=[REDACTED:github-token]',
  );
});

test('is idempotent', () => {
  const once = redactSecrets(REDACTED.map((c) => c.input).join('\n'));
  assert.equal(redactSecrets(once), once);
});

test('returns hostile repetitions of rule prefixes without hanging', () => {
  assert.equal(redactSecrets('sk-'.repeat(300_000)), 'sk-'.repeat(300_000));
  assert.equal(redactSecrets('Bearer x1 '.repeat(100_000)), 'Bearer x1 '.repeat(100_000));
  assert.equal(
    redactSecrets('X_TOKEN="' + 'a\\'.repeat(500_000)),
    'X_TOKEN="' + 'a\\'.repeat(500_000),
  );
});

test('never throws on lone surrogates and empty text', () => {
  assert.equal(redactSecrets(''), '');
  assert.equal(redactSecrets('\ud800 password=\udc00x'), '\ud800 password=[REDACTED:password]');
});

test('a long-lived process, past its first thousand checks, redacts and keeps exactly as a hook', () => {
  for (let i = 0; i <= 1000; i += 1) mayHoldSecret(`warm ${i}`);
  for (const { input, expected } of REDACTED) assert.equal(redactSecrets(input), expected, input);
  for (const input of [...NEAR_MISSES, ...ORDINARY]) assert.equal(redactSecrets(input), input);
  assert.equal(mayHoldSecret('plain words'), false);
  assert.equal(mayHoldSecret('an API key here'), true);
  for (const rule of SECRET_RULES) {
    for (const needle of rule.needles) {
      assert.equal(mayHoldSecret(`x ${needle} y`), true, needle);
      if (rule.pattern.ignoreCase) assert.equal(mayHoldSecret(needle.toUpperCase()), true, needle);
    }
  }
  assert.equal(mayHoldSecret('sk'), false, 'SK is a case-sensitive needle');
  // `sk-ant-` is found by the alternation where `sk-` starts too: both rules are considered.
  assert.equal(redactSecrets(`x ${ANTHROPIC} y`), 'x [REDACTED:anthropic-key] y');
});
