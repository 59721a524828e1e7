import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../config/index.ts';
import { CliError } from '../cli-error.ts';

type Json = Record<string, unknown>;

/** A JSON settings file as read: its object, its exact text, and whether it existed. */
export interface JsonFile {
  path: string;
  exists: boolean;
  text: string;
  value: Json;
}

/** Reads a JSON object file; a missing file is `{}`. Invalid JSON is an error: never overwrite it. */
export function readJsonFile(path: string): JsonFile {
  if (!existsSync(path)) return { path, exists: false, text: '', value: {} };
  const text = readFileSync(path, 'utf8');
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${path} is not valid JSON (${String(error)}); fix it first, nothing was changed`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${path} does not hold a JSON object; nothing was changed`);
  }
  return { path, exists: true, text, value: value as Json };
}

/** Serializes like the file was: its indentation when it had one, else two spaces. */
export function serialize(value: Json, like: string): string {
  const indent = /^\{\s*\n([ \t]+)"/.exec(like)?.[1] ?? '  ';
  return `${JSON.stringify(value, null, indent)}\n`;
}

/** Writes `value` to the file after copying the current one to `<path>.claude-mem.bak`. */
export function writeJsonWithBackup(file: JsonFile, value: Json): string | undefined {
  mkdirSync(dirname(file.path), { recursive: true });
  const backup = file.exists ? `${file.path}.claude-mem.bak` : undefined;
  if (backup) copyFileSync(file.path, backup);
  writeFileAtomic(file.path, serialize(value, file.text), 0o600, false);
  return backup;
}

/** Deep equality of JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Json)[key])]),
  );
}

/** A planned change of one file: its text now and after, and how to write it. */
export interface FileChange {
  path: string;
  before: string;
  after: string;
  apply: () => string | undefined;
}

/** The change `update` makes to the JSON file at `path`, or undefined when it changes nothing. */
export function planJson(path: string, update: (value: Json) => Json): FileChange | undefined {
  const file = readJsonFile(path);
  const next = update(file.value);
  if (file.exists && sameJson(next, file.value)) return undefined;
  return {
    path,
    before: file.text,
    after: serialize(next, file.text),
    apply: () => writeJsonWithBackup(file, next),
  };
}
