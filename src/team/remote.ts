import { isAbsolute, join } from 'node:path';
import { gitDirs, readTextIfAny } from '../config/index.ts';

/**
 * A git remote URL as the same text on every machine: no scheme, user, password, port or
 * `.git`, the host in lower case. `https://host/acme/widget.git`, `git@host:acme/widget.git`
 * and `ssh://git@host:22/acme/widget` all give `host/acme/widget`. Undefined when `url` names
 * no host and path (a local folder is no identity another machine shares).
 */
export function normalizeRemote(url: string): string | undefined {
  const text = url.trim();
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?([^/:]+)(?::\d*)?\/+(.+)$/i.exec(text);
  const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)(.+)$/.exec(text);
  const [host, path] = withScheme
    ? withScheme[1]?.toLowerCase() === 'file'
      ? [undefined, undefined]
      : [withScheme[2], withScheme[3]]
    : scp && !isAbsolute(text)
      ? [scp[1], scp[2]]
      : [undefined, undefined];
  if (!host || !path) return undefined;
  const cleanPath = path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/i, '')
    .replace(/^~[^/]*\//, '');
  return cleanPath ? `${host.toLowerCase()}/${cleanPath}` : undefined;
}

/** The URL of `origin` in a git config text, else of the first remote. */
export function remoteUrlOf(config: string): string | undefined {
  let section = '';
  const urls = new Map<string, string>();
  for (const line of config.split(/\r?\n/)) {
    const header = /^\s*\[\s*remote\s+"([^"]+)"\s*\]/.exec(line);
    if (header) section = header[1] ?? '';
    else if (/^\s*\[/.test(line)) section = '';
    const url = /^\s*url\s*=\s*(.+?)\s*$/.exec(line);
    if (section && url?.[1] && !urls.has(section)) urls.set(section, url[1]);
  }
  return urls.get('origin') ?? urls.values().next().value;
}

function explicitId(root: string): string | undefined {
  try {
    const parsed = JSON.parse(readTextIfAny(join(root, '.claude-mem.json')) ?? '') as {
      id?: unknown;
    };
    return typeof parsed.id === 'string' && parsed.id.trim() ? `id:${parsed.id.trim()}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The team project of the repository at `root`: its normalized origin remote, else the `id` of
 * its `.claude-mem.json` (as `id:<id>`). Two clones of one repository are one team project
 * whatever their folders are called. Undefined: this project cannot be shared.
 */
export function teamProjectOf(root: string): string | undefined {
  const config = readTextIfAny(join(gitDirs(root).common, 'config'));
  const url = config === undefined ? undefined : remoteUrlOf(config);
  return (url === undefined ? undefined : normalizeRemote(url)) ?? explicitId(root);
}
