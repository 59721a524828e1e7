// Regenerates the plugin files from src/cli/install/plugin-files.ts:
// `node --import tsx scripts/write-plugin-files.ts`. test/e2e/plugin.test.ts fails when the
// committed files differ from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { pluginFiles, type PluginPackage } from '../src/cli/install/plugin-files.ts';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as PluginPackage;
for (const [path, text] of Object.entries(pluginFiles(pkg))) {
  writeFileSync(new URL(path, root), text);
}
