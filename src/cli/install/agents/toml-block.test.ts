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

test('uninstall keeps what Codex wrote into config.toml after install (its /hooks trust, as recorded)', () => {
  const block = codexMcpBlock('/x/cli.mjs', {});
  const trusted = [
    '',
    '[tui]',
    'screen_reader_detection_done = true',
    '',
    '[hooks.state]',
    '',
    '[hooks.state."/h/.codex/hooks.json:stop:0:0"]',
    'trusted_hash = "sha256:69ce"',
  ].join('\n');
  // Codex 0.169.0 appended its tables after our table and before our end marker.
  const installed = addBlock(USER, block).replace(
    '# <<< claude-mem',
    `${trusted.slice(1)}\n# <<< claude-mem`,
  );
  const removed = removeBlock(installed);
  assert.equal(removed.includes('claude-mem'), false);
  assert.match(
    removed,
    /\[hooks\.state\."\/h\/\.codex\/hooks\.json:stop:0:0"\]\ntrusted_hash = "sha256:69ce"/,
  );
  assert.match(removed, /^model = "o3"\n\n\[mcp_servers\.other\]\ncommand = "other"\n/);
});
