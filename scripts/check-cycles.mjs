// Fails when the modules of src/ import each other in a cycle (type-only imports included: a
// cycle of types is still two files that cannot be understood one without the other).
//
//   node scripts/check-cycles.mjs [DIR]    DIR defaults to the repository's src/
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SIDE_EFFECT = /(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative imports of every .ts/.tsx file below `root`, as absolute paths. */
export function importGraph(root) {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(root, file));
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT), ...text.matchAll(SIDE_EFFECT)]
      .map((match) => resolve(dirname(file), match[1]))
      .filter((target) => files.includes(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle of the graph, once each (Tarjan's strongly connected components of size > 1). */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (node) => {
    const mine = { index, low: index, onStack: true };
    index += 1;
    state.set(node, mine);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = state.get(next);
      if (!seen) mine.low = Math.min(mine.low, visit(next).low);
      else if (seen.onStack) mine.low = Math.min(mine.low, seen.index);
    }
    if (mine.low === mine.index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
    return mine;
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(process.argv[2] ?? join(here, '..', 'src'));
  const cycles = findCycles(importGraph(root));
  if (cycles.length === 0) {
    console.log(`check-cycles: no import cycles in ${relative(process.cwd(), root) || '.'}`);
    return;
  }
  console.error(`check-cycles: ${cycles.length} import cycle(s):`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.map((file) => relative(root, file)).join(' <-> ')}`);
  }
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
