import { assignment, token, type SecretRule } from './rule-builders.ts';
import { COMMAND_RULES, VENDOR_RULES } from './vendor-rules.ts';

export type { SecretRule } from './rule-builders.ts';

// The shell's working directory (`PWD=/home/me`, `OLDPWD=...`) is a path, not a password.
const isWorkingDirectory = (name: string, value: string): boolean =>
  /pwd$/i.test(name) && /^[/~]/.test(value);

const HAS_DIGIT = /[0-9]/;

/**
 * Ordered: whole blocks and URLs first, then vendor tokens, then generic assignments, so a
 * vendor key inside `X_API_KEY=...` gets the more telling kind and is not redacted twice.
 */
export const SECRET_RULES: readonly SecretRule[] = [
  // The body stops at the first '-' (base64 has none), so a truncated key is still hidden.
  token(
    'private-key',
    'PEM private key block, BEGIN to END line (any key type)',
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----(?:\s{0,4}Proc-Type:[^\n]{0,100})?(?:\s{0,4}DEK-Info:[^\n]{0,200})?[^-]{0,20000}(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----)?/g,
    ['PRIVATE KEY-----'],
  ),
  // The password may hold a raw `#`, `?` or `@` (RFC 3986 wants them %-encoded; people paste
  // them anyway, found by fuzzing): it runs to the last `@` of the authority, as browsers read
  // it. A `/` still ends it, so `host:443/@scope` is not a credential. The user may be empty:
  // `redis://:password@host` is how Redis URLs carry a password alone.
  token(
    'url-credentials',
    'user:password in a URL; scheme and host are kept',
    /\b([a-z][a-z0-9+.-]{1,30}:\/\/)[^\s/?#@:]{0,200}:[^\s/]{1,200}@/gi,
    ['://'],
    { suffix: '@' },
  ),
  token('anthropic-key', 'Anthropic API key (sk-ant-...)', /\bsk-ant-[A-Za-z0-9_-]{20,300}/g, [
    'sk-ant-',
  ]),
  // Requiring a digit spares kebab-case words such as sk-learn-style identifiers.
  token(
    'openai-key',
    'OpenAI API key (sk-..., sk-proj-...)',
    /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,300}/g,
    ['sk-'],
    { accept: HAS_DIGIT },
  ),
  token(
    'github-token',
    'GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)',
    /\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})/g,
    ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  ),
  token(
    'aws-access-key-id',
    'AWS access key id (AKIA/ASIA/ABIA/ACCA/A3T. + 16)',
    /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g,
    ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
  ),
  token('google-api-key', 'Google API key (AIza + 35)', /\bAIza[A-Za-z0-9_-]{35}/g, ['AIza']),
  token(
    'slack-token',
    'Slack token (xoxa-, xoxb-, xoxe-, xoxp-, xoxr-, xoxs-, xoxe.xoxp-, xapp-)',
    /\b(?:xox[abeprs]-|xoxe\.xox[bp]-|xapp-)[A-Za-z0-9-]{10,250}/g,
    ['xox', 'xapp-'],
  ),
  token(
    'stripe-key',
    'Stripe key (sk_, rk_, pk_ + live_/test_/prod_)',
    /\b(?:sk|rk|pk)_(?:live|test|prod)_[A-Za-z0-9]{16,250}/g,
    ['_live_', '_test_', '_prod_'],
  ),
  token('npm-token', 'npm access token (npm_ + 36)', /\bnpm_[A-Za-z0-9]{36,60}/g, ['npm_']),
  ...VENDOR_RULES,
  // A match starts only where a run of token characters starts: with `\b`, every `eyJ` of
  // `-eyJ-eyJ...` was a start that rescanned the run up to 4,000 characters before failing on
  // the missing `.` (10 s per MB, issue 12). Now each run is scanned by at most three starts.
  token(
    'jwt',
    'JSON Web Token (eyJ... three base64url segments)',
    /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,8000}\.[A-Za-z0-9_-]{0,4000}/g,
    ['eyJ'],
  ),
  token(
    'authorization-header',
    'Authorization: Basic/Token credentials',
    /\b(Authorization["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?:Basic|Token)[ \t]{1,5})[A-Za-z0-9+/._~-]{4,4000}={0,2}/gi,
    ['authorization'],
  ),
  // A digit is required so prose like "bearer instrument" survives; real tokens have them.
  token(
    'bearer-token',
    'Bearer token (Authorization: Bearer ... or a bare Bearer ...)',
    /\b(Bearer[ \t]{1,5})[A-Za-z0-9._~+/-]{8,4000}={0,2}/gi,
    ['bearer'],
    { accept: HAS_DIGIT },
  ),
  ...COMMAND_RULES,
  assignment(
    'aws-secret-key',
    'AWS secret access key assignment (aws_secret_access_key, SecretAccessKey)',
    '(?:aws_?)?secret_?access_?key',
    'gi',
    ['secret'],
  ),
  assignment(
    'password',
    'password / passwd / passphrase / pwd assignment, also JSON and YAML',
    'pass(?:word|wd|phrase)|pwd',
    'gi',
    ['pass', 'pwd'],
    isWorkingDirectory,
  ),
  assignment(
    'env-secret',
    'NAME_KEY / _SECRET / _TOKEN / _PASSWORD / _PASS / _PWD, bare SECRET / TOKEN / PASS assignment (.env, export, YAML, JSON)',
    '\\b(?:[A-Z][A-Z0-9_]{0,100}_(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD)|SECRET|TOKEN|PASS)',
    'g',
    ['_KEY', 'SECRET', 'TOKEN', 'PASS', '_PWD'],
  ),
  assignment(
    'credential-assignment',
    'api_key, apiKey, access_token, auth_token, refresh_token, client_secret assignment',
    'api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret',
    'gi',
    ['api', 'token', 'secret'],
  ),
];
