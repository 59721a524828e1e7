import { readFileSync } from 'node:fs';

declare const __CLAUDE_MEM_VERSION__: string | undefined;

function fromPackageJson(): string {
  try {
    const url = new URL('../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0-dev';
  }
}

/** The package version: set by the bundler at build time, read from package.json in dev. */
export const VERSION: string =
  typeof __CLAUDE_MEM_VERSION__ === 'string' ? __CLAUDE_MEM_VERSION__ : fromPackageJson();
