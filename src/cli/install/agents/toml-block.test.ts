import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addBlock, codexMcpBlock, hasForeignServer, removeBlock } from './toml-block.ts';

const USER = 'model = "o3"\n\n[mcp_servers.other]\ncommand = "other"\n';

test('the block is appended once and removed to the byte', () => {
  const block = codexMcpBlock('/x/cli.mjs', {});
  const once = addBlock(USER, block);
  assert.equal(addBlock(once, block), once);
  assert.match(
    once,
    /\[mcp_servers\.claude-mem\]\ncommand = "node"\nargs = \["\/x\/cli\.mjs", "mcp"\]/,
  );
  assert.equal(removeBlock(once), USER);
  assert.equal(removeBlock(addBlock('', block)), '');
});

test('a server of our name the user wrote is theirs', () => {
  assert.equal(hasForeignServer('[mcp_servers.claude-mem]\ncommand = "x"\n'), true);
  assert.equal(hasForeignServer(addBlock(USER, codexMcpBlock('/x', {}))), false);
});
