import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The user's `claude`: `configured` when set (and executable), else the first `claude` on
 * PATH. Undefined when there is none.
 */
export function findClaude(configured: string, env: NodeJS.ProcessEnv): string | undefined {
  if (configured.trim() !== '') return isExecutableFile(configured) ? configured : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'claude');
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** Claude Code's config folder: CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string {
  return env.CLAUDE_CONFIG_DIR?.trim() || join(env.HOME?.trim() || homedir(), '.claude');
}

function hasOauthAccount(file: string): boolean {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { oauthAccount?: unknown };
    return typeof parsed.oauthAccount === 'object' && parsed.oauthAccount !== null;
  } catch {
    return false;
  }
}

const AUTH_VARIABLES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'];

/**
 * How Claude Code would authenticate, found offline without running it, or undefined: an auth
 * variable in the environment, `.credentials.json` in its config folder (Linux, Windows), or an
 * `oauthAccount` in `.claude.json` (macOS keeps the token itself in the Keychain).
 */
export function claudeLogin(env: NodeJS.ProcessEnv): string | undefined {
  const variable = AUTH_VARIABLES.find((name) => env[name]?.trim());
  if (variable) return `${variable} is set`;
  const dir = claudeConfigDir(env);
  const credentials = join(dir, '.credentials.json');
  try {
    if (statSync(credentials).size > 0) return `credentials in ${credentials}`;
  } catch {
    // No file: try the account record next.
  }
  const home = env.HOME?.trim() || homedir();
  const accountFiles = env.CLAUDE_CONFIG_DIR
    ? [join(dir, '.claude.json')]
    : [join(home, '.claude.json')];
  const account = accountFiles.find(hasOauthAccount);
  return account ? `account in ${account}` : undefined;
}
