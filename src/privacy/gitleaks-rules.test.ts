// The rules ported from gitleaks' default set (vendor-rules.ts) and the gaps issue 12 found in
// the older ones: a redacting example per rule and per gap, and ordinary text kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRedactions } from '../../test/helpers/redaction-cases.ts';
import { COMMAND_RULES, VENDOR_RULES } from './vendor-rules.ts';

// Fake secrets are assembled from pieces so secret scanners do not flag this file.
const alnum = (n: number): string => 'aB3dE5gH7jK9mN1pQ2'.repeat(30).slice(0, n);
const hex = (n: number): string => '0a1b2c3d4e5f6789'.repeat(20).slice(0, n);
const letters = (n: number): string => 'aBcDeFgHiJkLmNoPqRsT'.repeat(5).slice(0, n);
const uuid = '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';

const m = (kind: string, before = '', after = ''): string => `${before}[REDACTED:${kind}]${after}`;

const REDACTED: ReadonlyArray<readonly [kind: string, input: string, expected: string]> = [
  // Gaps of issue 12 in rules that existed.
  [
    'url-credentials',
    'redis://:s3cretPass@cache:6379/0',
    'redis://[REDACTED:url-credentials]@cache:6379/0',
  ],
  ['env-secret', 'DB_PASS=s3cret', m('env-secret', 'DB_PASS=')],
  ['env-secret', 'export SECRET=abc123', m('env-secret', 'export SECRET=')],
  ['env-secret', 'TOKEN: "v4lue"', m('env-secret', 'TOKEN: "', '"')],
  ['password', 'MYSQL_PWD=hunter2', m('password', 'MYSQL_PWD=')],
  ['aws-access-key-id', `ABIA${'Q'.repeat(4)}7EXAMPLE1234`, m('aws-access-key-id')],
  ['stripe-key', `sk_prod_${alnum(24)}`, m('stripe-key')],
  ['slack-token', `xapp-1-A012-${hex(20)}`, m('slack-token')],
  // Command lines.
  ['mysql-password', 'mysql -u root -pS3cret db', m('mysql-password', 'mysql -u root -p', ' db')],
  [
    'mysql-password',
    `mysqldump -h db -p'pa ss' app`,
    m('mysql-password', 'mysqldump -h db -p', ' app'),
  ],
  ['curl-user', 'curl -u admin:hunter2 https://x.io', m('curl-user', 'curl -u ', ' https://x.io')],
  [
    'curl-user',
    'curl -s --user=admin:pw https://x',
    m('curl-user', 'curl -s --user=', ' https://x'),
  ],
  ['curl-user', 'curl -A ua --user "a b:c d" x', m('curl-user', 'curl -A ua --user ', ' x')],
  // Ported from gitleaks.
  [
    'slack-webhook',
    `curl https://hooks.slack.com/services/T0${alnum(7)}/B0${alnum(7)}/${alnum(24)} -d x`,
    m('slack-webhook', 'curl https://hooks.slack.com/services/', ' -d x'),
  ],
  [
    'teams-webhook',
    `https://contoso.webhook.office.com/webhookb2/${uuid}@${uuid}/IncomingWebhook/${hex(32)}/${uuid}`,
    m('teams-webhook', 'https://contoso.webhook.office.com/webhookb2/'),
  ],
  ['huggingface-token', `HF_HOME=/x hf_${letters(34)}`, m('huggingface-token', 'HF_HOME=/x ')],
  ['huggingface-token', `api_org_${letters(34)}`, m('huggingface-token')],
  [
    'azure-storage-key',
    `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${alnum(40)}+/x==;EndpointSuffix=core.windows.net`,
    m(
      'azure-storage-key',
      'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=',
      ';EndpointSuffix=core.windows.net',
    ),
  ],
  [
    'azure-storage-key',
    'https://a.blob.core.windows.net/c?sv=2022-11-02&sig=AbC%2Fd3f%3D&se=1',
    m('azure-storage-key', 'https://a.blob.core.windows.net/c?sv=2022-11-02&sig=', '&se=1'),
  ],
  [
    'azure-storage-key',
    `Endpoint=sb://x/;SharedAccessKey=${alnum(44)}`,
    m('azure-storage-key', 'Endpoint=sb://x/;SharedAccessKey='),
  ],
  [
    'azure-client-secret',
    `secret ab18Q~${alnum(34)} ok`,
    m('azure-client-secret', 'secret ', ' ok'),
  ],
  [
    'gitlab-token',
    `git remote set-url origin glpat-${alnum(20)}`,
    m('gitlab-token', 'git remote set-url origin '),
  ],
  ['gitlab-token', `GR1348941${alnum(20)}`, m('gitlab-token')],
  ['digitalocean-token', `dop_v1_${hex(64)}`, m('digitalocean-token')],
  ['vault-token', `VAULT=hvs.${alnum(95)}`, m('vault-token', 'VAULT=')],
  ['vault-token', `${alnum(14)}.atlasv1.${alnum(64)}`, m('vault-token')],
  ['pypi-token', `pypi-AgEIcHlwaS5vcmc${alnum(60)}`, m('pypi-token')],
  ['sendgrid-key', `SG.${alnum(22)}.${alnum(43)}`, m('sendgrid-key')],
  ['sendgrid-key', `xkeysib-${hex(64)}-${alnum(16)}`, m('sendgrid-key')],
  ['shopify-token', `shpat_${hex(32)}`, m('shopify-token')],
  ['twilio-key', `SK${hex(32)}`, m('twilio-key')],
  [
    'age-secret-key',
    `AGE-SECRET-KEY-1${'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'.repeat(2).slice(0, 58)}`,
    m('age-secret-key'),
  ],
  ['vendor-token', `dapi${hex(32)}`, m('vendor-token')],
  ['vendor-token', `Cookie: _gitlab_session=${hex(32)}`, m('vendor-token', 'Cookie: ')],
  ['vendor-token', `pat.${alnum(22)}.${alnum(24)}.${alnum(20)}`, m('vendor-token')],
  ['vendor-token', `v1.0-${hex(24)}-${hex(146)}`, m('vendor-token')],
  ['vendor-token', `key pplx-${alnum(48)}`, m('vendor-token', 'key ')],
  [
    'vendor-token',
    `lin_api_${alnum(40)} and pnu_${alnum(36)}`,
    `${m('vendor-token')} and ${m('vendor-token')}`,
  ],
];

const KEPT: readonly string[] = [
  'interface Db { password: string; DB_PASS: string; SECRET: string }',
  'const SECRET = process.env.SECRET; TOKEN=$GH_TOKEN; PASS=$(pass show db)',
  'BYPASS=1 PASSTHROUGH=true SECRETS=3 TOKENS=4 PASS_COUNT=2',
  'redis://localhost:6379/0 and http://[::1]:8080/x',
  'mysql -u root -p mydb (it prompts) and mysql_connect(host, user)',
  'mysql -h db --port=3306 --protocol=tcp',
  'curl -u admin https://x.io (curl prompts) and curl --user-agent "Mozilla/5.0 (X11: Linux)" x',
  'from huggingface_hub import hf_hub_download; hf_hub_download(repo_id="x")',
  'https://hooks.slack.com/services/ is the prefix; see docs',
  'const sig = sign(payload); AccountKey: string',
  'glpat- is the GitLab prefix; SKU123 and TASK_LIST; SG.read()',
  'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
];

testRedactions(
  REDACTED.map(([kind, input, expected]) => ({ kind, input, expected })),
  KEPT,
  44,
);

test('has a redacting example for every ported rule', () => {
  const covered = new Set(REDACTED.map(([kind]) => kind));
  assert.deepEqual(
    [...VENDOR_RULES, ...COMMAND_RULES].map((r) => r.kind).filter((kind) => !covered.has(kind)),
    [],
  );
});
