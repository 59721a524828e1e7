// Runs every benchmark in bench/ in turn and writes bench/REPORT.md: the machine, the date, the
// command of each bench, a summary of the headline figures (each against a baseline measured in
// the same run) and every bench's own output. A bench that is missing or fails leaves a marked
// placeholder with its command, and the others still run.
//
//   npm run bench                      every bench, full size (about 10 minutes), writes the report
//   npm run bench -- --short           CI-sized runs (about 3 minutes), prints only
//   npm run bench -- soak worker-rss   only the named ones, prints only
//   npm run bench -- --out FILE        write the report to FILE (with any of the above)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { BENCHES } from './bench-list.mjs';
import { summaryRows } from './bench-summary.mjs';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const outAt = argv.indexOf('--out');
const names = argv.filter((arg, i) => !arg.startsWith('--') && (outAt < 0 || i !== outAt + 1));
const selected = names.length > 0 ? BENCHES.filter((b) => names.includes(b.name)) : BENCHES;
const out =
  outAt >= 0 ? argv[outAt + 1] : names.length === 0 && !short ? 'bench/REPORT.md' : undefined;

/** Runs one bench, echoing its output; resolves with what it printed, its status and time. */
function runBench(bench, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${bench.name}.ts`, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const keep = (chunk) => {
      process.stdout.write(chunk);
      text += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), bench.timeoutMin * 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ text, code, signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

function machine() {
  const cpu = cpus();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
  }).stdout.trim();
  const dirty =
    spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout.trim() !== '';
  return {
    cpu: `${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM`,
    os: `${platform()} ${release()}`,
    node: process.version,
    commit: `${commit || 'unknown'}${dirty ? ' with uncommitted changes' : ''}`,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(', '),
  };
}

const command = (bench, args) => ['node --import tsx', `bench/${bench.name}.ts`, ...args].join(' ');

function section(bench, args, result) {
  const head = `## ${bench.title}\n\n\`${command(bench, args)}\``;
  if (!result)
    return `${head}\n\n**Not run: bench/${bench.name}.ts does not exist yet.** ${bench.pending ?? ''}\n`;
  const status =
    result.code === 0
      ? `took ${result.seconds.toFixed(0)} s`
      : `**FAILED** (exit ${result.code ?? result.signal}) after ${result.seconds.toFixed(0)} s`;
  return `${head} (${status})\n\n${bench.about}\n\n\`\`\`text\n${result.text.trim()}\n\`\`\`\n`;
}

function report(runs, info, startedAt, seconds) {
  const summary = runs.flatMap(({ bench, args, result }) =>
    summaryRows(bench.name, result?.code === 0 ? result.text : undefined).map((row) => [
      ...row,
      `\`${command(bench, args)}\``,
    ]),
  );
  const table = [
    '| figure | value | baseline (same run) | ratio | command |',
    '| --- | --- | --- | --- | --- |',
    ...summary.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
  return `# Benchmarks

Written by \`npm run bench\` (scripts/run-bench.mjs${short ? ' --short' : ''}) on ${startedAt}, in ${(seconds / 60).toFixed(1)} minutes.

- Machine: ${info.cpu}, ${info.memory}, ${info.os}, node ${info.node}
- Code: commit ${info.commit}
- Load average when the run started: ${info.load} (other processes on the machine add noise; every ratio below compares against a baseline measured in the same run, interleaved where the bench allows, so the ratios travel better than the absolute times)

Each figure's command reproduces it (after \`npm run build\`); the sections below hold each bench's full output.

## Summary

${table}

${runs.map(({ bench, args, result }) => section(bench, args, result)).join('\n')}`;
}

async function main() {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const startedAt = new Date().toISOString();
  const info = machine();
  const runs = [];
  const started = Date.now();
  for (const bench of selected) {
    const args = short ? bench.short : bench.args;
    console.log(`\n## ${bench.name}: ${command(bench, args)}\n`);
    const exists = existsSync(`bench/${bench.name}.ts`);
    runs.push({ bench, args, result: exists ? await runBench(bench, args) : undefined });
  }
  const seconds = (Date.now() - started) / 1000;
  if (out) {
    writeFileSync(out, report(runs, info, startedAt, seconds));
    console.log(`\nwrote ${out}`);
  }
  const failed = runs
    .filter(({ result }) => result && result.code !== 0)
    .map(({ bench }) => bench.name);
  if (failed.length > 0) console.error(`\nfailed: ${failed.join(', ')}`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}

await main();
