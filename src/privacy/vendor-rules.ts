import { assignment, token, type SecretRule } from './rule-builders.ts';

/**
 * Vendor tokens ported from gitleaks' default rules (config/gitleaks.toml): the ones a token's
 * own prefix identifies. Bodies are bounded and start right after a literal prefix, so a rule
 * costs one short scan per prefix found. src/privacy/README.md lists what was and was not ported.
 */
export const VENDOR_RULES: readonly SecretRule[] = [
  token(
    'gitlab-token',
    'GitLab token (glpat-, gldt-, glrt-, glptt-, glsoat-, gloas-, ... and GR1348941 runner tokens)',
    /\b(?:gl(?:pat|dt|ft|rt|cbt|imt|agent|oas|ffct|soat)-[A-Za-z0-9_.-]{20,300}|glptt-[a-f0-9]{40}|GR1348941[A-Za-z0-9_-]{20,40})/g,
    [
      'glpat-',
      'gldt-',
      'glft-',
      'glrt-',
      'glcbt-',
      'glimt-',
      'glagent-',
      'gloas-',
      'glffct-',
    ].concat(['glsoat-', 'glptt-', 'GR1348941']),
  ),
  token(
    'huggingface-token',
    'Hugging Face token (hf_, api_org_)',
    /\b(?:hf|api_org)_[A-Za-z0-9]{30,40}\b/g,
    ['hf_', 'api_org_'],
    { accept: /[A-Z]/ },
  ),
  token(
    'slack-webhook',
    'Slack webhook URL (hooks.slack.com/services|workflows|triggers/...); host kept',
    /\b((?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9+/_-]{20,200}/g,
    ['hooks.slack.com'],
  ),
  token(
    'teams-webhook',
    'Microsoft Teams webhook URL (*.webhook.office.com/webhookb2/...); host kept',
    /\b(https:\/\/[a-z0-9-]{1,60}\.webhook\.office\.com\/webhookb2\/)[A-Za-z0-9@/_-]{20,400}/gi,
    ['webhook.office.com'],
  ),
  token(
    'azure-client-secret',
    'Azure AD client secret (xxx0Q~...)',
    /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
    ['Q~'],
  ),
  token(
    'digitalocean-token',
    'DigitalOcean token (dop_v1_, doo_v1_, dor_v1_)',
    /\bdo[opr]_v1_[a-f0-9]{64}/g,
    ['_v1_'],
  ),
  token(
    'vault-token',
    'HashiCorp Vault token (hvs., hvb.) and Terraform Cloud token (.atlasv1.)',
    /\b(?:hv[sb]\.[A-Za-z0-9_-]{90,300}|[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})/g,
    ['hvs.', 'hvb.', '.atlasv1.'],
  ),
  token(
    'pypi-token',
    'PyPI upload token (pypi-AgEIcHlwaS5vcmc...)',
    /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}/g,
    ['pypi-AgEIcHlwaS5vcmc'],
  ),
  token(
    'sendgrid-key',
    'SendGrid API key (SG.xxx.yyy) and Sendinblue key (xkeysib-)',
    /\b(?:SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,60}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16})/g,
    ['SG.', 'xkeysib-'],
  ),
  token(
    'shopify-token',
    'Shopify token and shared secret (shpat_, shpca_, shppa_, shpss_)',
    /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}/g,
    ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
  ),
  token('twilio-key', 'Twilio API key (SK + 32 hex)', /\bSK[0-9a-fA-F]{32}\b/g, ['SK'], {
    accept: /[0-9]/,
  }),
  token(
    'age-secret-key',
    'age encryption secret key (AGE-SECRET-KEY-1...)',
    /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g,
    ['AGE-SECRET-KEY-1'],
  ),
  token(
    'vendor-token',
    'other prefixed tokens of gitleaks: Databricks, Doppler, Linear, Perplexity, Grafana, Sentry, Postman, Pulumi, RubyGems, PlanetScale, Square, Alibaba, Artifactory, Dynatrace, EasyPost, Flutterwave, Frame.io, Infracost, Notion, Prefect, ReadMe, Scalingo, Shippo, OpenShift, Duffel, Clojars, Fly.io, 1Password, Heroku, Bedrock, Adobe, Settlemint, Facebook page, Cloudflare origin CA, ClickHouse, MaxMind, 42 Intra, Harness, GitLab session cookie',
    new RegExp(
      [
        'dapi[a-f0-9]{32}',
        'dp\\.pt\\.[A-Za-z0-9]{43}',
        'lin_api_[A-Za-z0-9]{40}',
        'pplx-[A-Za-z0-9]{48}',
        'glc_[A-Za-z0-9+/]{32,400}={0,3}',
        'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}',
        'eyJrIjoi[A-Za-z0-9]{70,400}={0,3}',
        'sntry[us]_[A-Za-z0-9+/=_]{40,400}',
        'PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}',
        'pul-[a-f0-9]{40}',
        'rubygems_[a-f0-9]{48}',
        'pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64}',
        'sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}',
        'LTAI[A-Za-z0-9]{20}',
        'AKCp[A-Za-z0-9]{69}',
        'dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}',
        'EZ[AT]K[A-Za-z0-9]{54}',
        'FLW(?:SECK|PUBK)_TEST-[a-hA-H0-9]{12,32}(?:-X)?',
        'fio-u-[A-Za-z0-9_=-]{64}',
        'ico-[A-Za-z0-9]{32}',
        'ntn_[0-9]{11}[A-Za-z0-9]{35}',
        'pnu_[A-Za-z0-9]{36}',
        'rdme_[a-z0-9]{70}',
        'tk-us-[A-Za-z0-9_-]{48}',
        'shippo_(?:live|test)_[a-fA-F0-9]{40}',
        'sha256~[A-Za-z0-9_-]{43}',
        'duffel_(?:test|live)_[A-Za-z0-9_=-]{43}',
        'CLOJARS_[a-z0-9]{60}',
        'fo1_[A-Za-z0-9_-]{43}',
        'fm[12][ar]?_[A-Za-z0-9+/]{100,1000}={0,3}',
        'ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}',
        'HRKU-AA[A-Za-z0-9_-]{58}',
        'ABSK[A-Za-z0-9+/]{109,269}={0,2}',
        'p8e-[A-Za-z0-9]{32}',
        'sm_[ap]at_[A-Za-z0-9]{16}',
        'sm_sat_[A-Za-z0-9]{16}',
        'EAA[MC][A-Za-z0-9]{100,400}',
        'EAAA[A-Za-z0-9_-]{22,60}',
        'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
        '4b1d[A-Za-z0-9]{38}\\b',
        '[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk',
        's-s4t2(?:ud|af)-[a-f0-9]{64}',
        '(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}',
        '_gitlab_session=[0-9a-z]{32}',
      ]
        .map((body) => `\\b${body}`)
        .join('|'),
      'g',
    ),
    ['dapi', 'dp.pt.', 'lin_api_', 'pplx-', 'glc_', 'glsa_', 'eyJrIjoi', 'sntry', 'PMAK-', 'pul-']
      .concat(['rubygems_', 'pscale_', 'sq0', 'LTAI', 'AKCp', 'dt0c01.', 'EZAK', 'EZTK', 'FLW'])
      .concat(['fio-u-', 'ico-', 'ntn_', 'pnu_', 'rdme_', 'tk-us-', 'shippo_', 'sha256~'])
      .concat(['duffel_', 'CLOJARS_', 'fo1_', 'fm1', 'fm2', 'ops_eyJ', 'HRKU-AA', 'ABSK', 'p8e-'])
      .concat(['sm_aat_', 'sm_pat_', 'sm_sat_', 'EAA', 'v1.0-', '4b1d', '_mmk', 's-s4t2'])
      .concat(['pat.', 'sat.', '_gitlab_session=']),
  ),
];

/**
 * Secrets on a command line, where no name says what they are: `mysql -pPASS` and
 * `curl -u user:pass` (gitleaks' curl-auth-user). The flag is looked for in the 200 characters
 * after the command name, up to the next occurrence of the name: without that stop, every
 * `curl` of `curl curl curl ...` rescanned the next 200 characters (0.7 s per MB).
 */
export const COMMAND_RULES: readonly SecretRule[] = [
  token(
    'mysql-password',
    'mysql/mysqldump/mysqladmin -pPASSWORD on a command line',
    /\b(mysql(?:dump|admin|import|show|check|slap)?\b(?:(?!mysql)[^\n]){0,200}?[ \t]-p)(?:"[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s"'`]{1,200})/g,
    ['mysql'],
  ),
  // `-u user` alone makes curl prompt for the password: only `user:password` is a secret.
  token(
    'curl-user',
    'curl -u / --user user:password',
    /\b(curl\b(?:(?!curl)[^\n]){0,200}?[ \t](?:-u|--user)(?:=|[ \t]{0,5}))(?:"[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s"'`-][^\s"'`]{0,199})/g,
    ['curl'],
    { accept: /:./ },
  ),
  // Connection strings (`AccountKey=...;`) and SAS URLs (`&sig=...`).
  assignment(
    'azure-storage-key',
    'Azure storage and service bus keys (AccountKey=, SharedAccessKey=) and SAS signatures (sig=)',
    'AccountKey|SharedAccessKey|(?<=[?&])sig(?==)',
    'g',
    ['AccountKey', 'SharedAccessKey', '?sig=', '&sig='],
  ),
];
