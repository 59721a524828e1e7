import { REGISTERED_HOOKS, hookEntry } from './hook-commands.ts';

/** What the plugin manifest says about the package. */
export interface PluginPackage {
  version: string;
  description: string;
  license: string;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function pluginHooks(): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const hook of REGISTERED_HOOKS) {
    const { event, matcher } = hook;
    const command = hookEntry(hook, `node "\${CLAUDE_PLUGIN_ROOT}/dist/hook.cjs" ${event}`);
    hooks[event] = [matcher ? { matcher, hooks: [command] } : { hooks: [command] }];
  }
  return hooks;
}

/**
 * The Claude Code plugin and marketplace files, by path, built from the same hook list that
 * `claude-mem install` registers so the two can never drift apart.
 */
export function pluginFiles(pkg: PluginPackage): Record<string, string> {
  const { version, description, license } = pkg;
  return {
    '.claude-plugin/plugin.json': json({ name: 'claude-mem', version, description, license }),
    '.claude-plugin/marketplace.json': json({
      name: 'claude-mem',
      owner: { name: 'claude-mem' },
      plugins: [{ name: 'claude-mem', source: './', description, version }],
    }),
    'hooks/hooks.json': json({ description: 'claude-mem capture hooks', hooks: pluginHooks() }),
    '.mcp.json': json({
      mcpServers: {
        'claude-mem': { command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs', 'mcp'] },
      },
    }),
  };
}
