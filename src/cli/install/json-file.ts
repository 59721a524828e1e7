import { existsSync } from 'node:fs';
import { CliError } from '../cli-error.ts';
import { editJson, sameJson } from './json-edit.ts';
import { jsonShape, parseJsonc } from './jsonc.ts';
import { backupPath, readSettingsText, type FileChange } from './file-plan.ts';

export { sameJson } from './json-edit.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON settings file as read: its object, and its exact text (undefined: no file). */
export interface JsonFile {
  path: string;
  text: string | undefined;
  value: Json;
}

/** How a file is merged: what install adds, what uninstall takes out, what refuses install. */
export interface JsonMerge {
  add: (value: Json) => Json;
  remove: (value: Json) => Json;
  /** Why install must not touch the file (an entry of ours by name that the user wrote). */
  conflict?: (value: Json) => string | undefined;
  /** The file may hold comments and trailing commas (Gemini CLI reads it so). */
  jsonc?: boolean;
}

function parse(path: string, text: string, jsonc: boolean): unknown {
  if (text.trim() === '') return {};
  try {
    return jsonc ? parseJsonc(text).value : JSON.parse(text);
  } catch (error) {
    const what = jsonc ? 'valid JSON (comments and trailing commas allowed)' : 'valid JSON';
    const why = error instanceof Error ? error.message : String(error);
    throw new CliError(`${path} is not ${what} (${why}); fix it first, nothing was changed`);
  }
}

/** Reads a JSON object file; a missing file is `{}`. Invalid JSON is an error: never overwrite it. */
export function readJsonFile(path: string, jsonc = false): JsonFile {
  const text = readSettingsText(path);
  if (text === undefined) return { path, text, value: {} };
  const value = parse(path, text, jsonc);
  if (!isObject(value)) {
    throw new CliError(`${path} does not hold a JSON object; nothing was changed`);
  }
  return { path, text, value };
}

/** A new file's text: two spaces, a final newline. */
export const serialize = (value: Json): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The install change of one file, or undefined when it is in place. The text is edited where
 * it differs only (comments and layout stay); a first install backs the file up.
 */
export function planJsonInstall(path: string, merge: JsonMerge): FileChange | undefined {
  const file = readJsonFile(path, merge.jsonc);
  const conflict = merge.conflict?.(file.value);
  if (conflict) throw new CliError(`${path}: ${conflict}; nothing was changed`);
  const next = merge.add(file.value);
  if (file.text !== undefined && sameJson(next, file.value)) return undefined;
  const blank = file.text === undefined || file.text.trim() === '';
  // A first install backs up; a re-install keeps the backup of the file before claude-mem.
  const fresh = sameJson(merge.remove(file.value), file.value) || !existsSync(backupPath(path));
  return {
    path,
    before: file.text,
    after: blank ? serialize(next) : editJson(file.text ?? '', next),
    backup: fresh ? 'write' : 'keep',
  };
}

/**
 * `next` with what the user had before install put back where uninstall's removal dropped it:
 * an empty `mcpServers: {}` or `hooks: {}`, an event list left empty, a `version` they wrote.
 */
export function keepWhatUserHad(next: Json, now: Json, had: Json | undefined): Json {
  if (had === undefined) return next;
  const out: Json = { ...next };
  for (const key of Object.keys(now)) {
    const was = had[key];
    if (key in next) {
      const [n, w, h] = [next[key], now[key], was];
      if (isObject(n) && isObject(w) && isObject(h)) out[key] = keepWhatUserHad(n, w, h);
    } else if (key in had) {
      const empty =
        (isObject(was) && Object.keys(was).length === 0) ||
        (Array.isArray(was) && was.length === 0);
      if (empty || (typeof was !== 'object' && sameJson(was, now[key]))) out[key] = was;
    }
  }
  return out;
}

function readBackup(path: string, jsonc: boolean): { text: string; value: Json } | undefined {
  try {
    const text = readSettingsText(backupPath(path));
    const value = text === undefined ? undefined : parse(path, text, jsonc);
    return text !== undefined && isObject(value) ? { text, value } : undefined;
  } catch {
    return undefined; // a backup we cannot read is only not used
  }
}

/**
 * The uninstall change of one file: ours removed, the rest as it is. When the result is what
 * install found (same values, same comments), the backup's exact bytes come back; a file
 * install created and left empty is removed; the backup goes either way.
 */
export function planJsonUninstall(path: string, merge: JsonMerge): FileChange | undefined {
  const file = readJsonFile(path, merge.jsonc);
  const backup = readBackup(path, merge.jsonc === true);
  const backedUp = existsSync(backupPath(path));
  if (file.text === undefined) {
    // The user removed the file since: only install's backup of it is left to go.
    return backedUp ? { path, before: undefined, after: undefined, backup: 'drop' } : undefined;
  }
  const next = keepWhatUserHad(merge.remove(file.value), file.value, backup?.value);
  const unchanged = sameJson(next, file.value);
  if (unchanged && !backedUp) return undefined;
  const edited = unchanged ? file.text : editJson(file.text, next);
  const exact =
    backup && sameJson(next, backup.value) && jsonShape(edited) === jsonShape(backup.text);
  let after: string | undefined = exact ? backup.text : edited;
  if (!backedUp && Object.keys(next).length === 0) after = undefined; // install created it
  return { path, before: file.text, after, backup: 'drop' };
}
