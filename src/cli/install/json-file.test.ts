import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { applyChanges, backupPath, type FileChange } from './file-plan.ts';
import { planJsonInstall, planJsonUninstall, type JsonMerge } from './json-file.ts';
import { addMcpServer, isOurMcpEntry, mcpConflict, removeMcpServer } from './mcp-merge.ts';

/** A planned change as a list (none when the file needs none). */
const some = (change: FileChange | undefined): FileChange[] => (change ? [change] : []);

const CLI = '/opt/claude-mem/dist/cli.mjs';
const MERGE: JsonMerge = {
  add: (value) => addMcpServer(value, CLI),
  remove: removeMcpServer,
  conflict: mcpConflict,
  jsonc: true,
};

test("an MCP entry is ours when it runs our bundle or claude-mem mcp, else it is the user's", () => {
  assert.equal(isOurMcpEntry({ command: 'node', args: [CLI, 'mcp'] }), true);
  assert.equal(isOurMcpEntry({ command: 'node', args: ['C:\\cm\\dist\\cli.mjs', 'mcp'] }), true);
  assert.equal(isOurMcpEntry({ command: 'claude-mem', args: ['mcp'] }), true);
  assert.equal(isOurMcpEntry({ command: 'npx', args: ['claude-mem', 'mcp'] }), false);
  assert.equal(isOurMcpEntry({ command: 'node', args: ['/x/mcp-server.cjs'] }), false);
  assert.match(
    mcpConflict({ mcpServers: { 'claude-mem': { command: 'my-memory', args: ['serve'] } } }) ?? '',
    /"claude-mem" \(my-memory serve\) was not written by claude-mem/,
  );
});

test('uninstall keeps the empty mcpServers the user had, and gives back the exact bytes', (t) => {
  const file = join(tempDir(t), 'settings.json');
  const mine = '// mine\n{\n  "mcpServers": {   },\n}\n';
  writeFileSync(file, mine);
  applyChanges(some(planJsonInstall(file, MERGE)));
  assert.match(
    readFileSync(file, 'utf8'),
    /^\/\/ mine\n\{\n {2}"mcpServers": \{\n {4}"claude-mem"/,
  );
  applyChanges(some(planJsonUninstall(file, MERGE)));
  assert.equal(readFileSync(file, 'utf8'), mine);
});

test('a file the agent rewrote since install keeps its change, loses ours, and the backup goes', (t) => {
  const file = join(tempDir(t), 'claude.json');
  writeFileSync(file, '{\n  "numStartups": 3\n}\n');
  applyChanges(some(planJsonInstall(file, MERGE)));
  writeFileSync(file, readFileSync(file, 'utf8').replace('"numStartups": 3', '"numStartups": 4'));
  applyChanges(some(planJsonUninstall(file, MERGE)));
  assert.deepEqual(
    [readFileSync(file, 'utf8'), readFileSync(file, 'utf8').includes('claude-mem')],
    ['{\n  "numStartups": 4\n}\n', false],
  );
  assert.throws(() => readFileSync(backupPath(file)), /ENOENT/);
});
