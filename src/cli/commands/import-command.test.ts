import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importCommand } from './import-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'claude-mem-import-'));
/** Never a real data folder: the errors come before any worker is asked. */
const deps = {
  env: { CLAUDE_MEM_DATA_DIR: join(dir, 'data'), CLAUDE_MEM_WORKER_AUTO_START: 'false' },
};
const RECORDS = [
  { kind: 'session', content_session_id: 's1', project: 'p', started_at: 1 },
  { kind: 'prompt', content_session_id: 's1', prompt_number: 1, text: 'hi', at: 2 },
];

function fileWith(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

after(() => rmSync(dir, { recursive: true, force: true }));

describe('claude-mem import of a JSONL file without its header line', () => {
  const file = fileWith('no-header.jsonl', RECORDS.map((r) => JSON.stringify(r)).join('\n'));
  const run = () => importCommand([file], () => undefined, deps);

  it('says the header line is missing and what it looks like', async () => {
    await assert.rejects(run, /missing its header line/);
    await assert.rejects(run, /"kind":"header","format":"claude-mem-export","version":1/);
  });

  it('does not call valid JSON on line 1 "not a JSON line"', async () => {
    await assert.rejects(run, (error: Error) => !error.message.includes('not a JSON line'));
  });
});

describe('claude-mem import of a file that is no JSON at all', () => {
  it('still names the line that is not JSON', async () => {
    const file = fileWith('junk.jsonl', 'hello\nworld\n');
    await assert.rejects(
      importCommand([file], () => undefined, deps),
      /junk\.jsonl:1: not a JSON line/,
    );
  });
});

describe('claude-mem import of a path that is no export file', () => {
  it('a missing file: "no such file: PATH"', async () => {
    const missing = join(dir, 'missing.jsonl');
    await assert.rejects(() => importCommand([missing], () => undefined, deps), {
      message: `no such file: ${missing}`,
    });
  });

  it('a folder: "PATH is a folder, expected an export file"', async () => {
    await assert.rejects(() => importCommand([dir], () => undefined, deps), {
      message: `${dir} is a folder, expected an export file (claude-mem export -o FILE)`,
    });
  });
});
