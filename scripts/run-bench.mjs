// Runs every benchmark in bench/ in turn (each prints its own table of ratios against a
// baseline measured in the same run). `npm run bench -- <name>` runs only the named ones.
import { spawnSync } from 'node:child_process';

export const BENCHES = ['hook-latency', 'ingest-throughput'];

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const name of selected) {
  console.log(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
