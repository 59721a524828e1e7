import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOwnMcpTool, OWN_MCP_TOOLS } from './own-tools.ts';

test('our tools under the install name, the plugin name and a name of the user are ours', () => {
  for (const tool of OWN_MCP_TOOLS) {
    assert.equal(isOwnMcpTool(`mcp__claude-mem__${tool}`), true, tool);
    assert.equal(isOwnMcpTool(`mcp__plugin_claude-mem_claude-mem__${tool}`), true, tool);
    assert.equal(isOwnMcpTool(`mcp__my-memory__${tool}`), true, tool);
  }
  assert.equal(isOwnMcpTool('mcp__recall__save_memory'), true);
  assert.equal(isOwnMcpTool('mcp__recall__get_observations'), true);
  assert.equal(isOwnMcpTool('mcp__recall__confirm_memory'), true);
});

test("other servers' tools and built-in tools are not ours", () => {
  for (const name of [
    'mcp__github__search',
    'mcp__github__search_memory',
    'mcp__claude-mem__other',
    'mcp__linear__timeline',
    'search',
    'Read',
    'save_memory',
  ]) {
    assert.equal(isOwnMcpTool(name), false, name);
  }
});
