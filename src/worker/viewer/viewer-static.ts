import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only files served, by extension; anything else in the folder is not. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** One path segment: no separators, no leading dot (so no `..`, no dotfiles). */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,200}$/;

/**
 * Where the built viewer lives: `dist/ui` beside the bundle (`dist/cli.mjs`), or, when the worker
 * runs from source (tests), the repository's `dist/ui`. Undefined when it was not built.
 */
export function defaultUiDir(): string | undefined {
  const candidates = [new URL('ui', import.meta.url), new URL('../../../dist/ui', import.meta.url)];
  return candidates
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(join(dir, 'index.html')));
}

/** A file to answer with. */
export interface StaticFile {
  body: Buffer;
  type: string;
}

function inside(root: string, file: string): boolean {
  return file.startsWith(root + sep);
}

/**
 * Reads `segments` under `uiDir`, refusing anything that could leave it: unsafe segments, unknown
 * extensions, and symbolic links pointing outside. Undefined means 404.
 */
export function readUiFile(uiDir: string, segments: readonly string[]): StaticFile | undefined {
  if (segments.length === 0 || !segments.every((part) => SAFE_SEGMENT.test(part))) return;
  const type = CONTENT_TYPES[extname(segments.at(-1) ?? '').toLowerCase()];
  if (!type) return;
  const root = resolve(uiDir);
  const file = resolve(root, ...segments);
  if (!inside(root, file)) return;
  try {
    if (!inside(realpathSync(root), realpathSync(file)) || !statSync(file).isFile()) return;
    return { body: readFileSync(file), type };
  } catch {
    return;
  }
}

/**
 * index.html as built. It holds no token: the page's calls carry the HttpOnly cookie that
 * `claude-mem open`'s one-time link set (src/worker/security.ts).
 */
export function indexHtml(uiDir: string): string | undefined {
  return readUiFile(uiDir, ['index.html'])?.body.toString('utf8');
}

/**
 * No script but our own files, no framing, no plugins: even text that slipped past React's
 * escaping could not run (defense in depth; memory content is rendered as text).
 */
export const VIEWER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
