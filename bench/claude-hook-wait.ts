// What Claude Code does with a slow hook, foreground against background ("async": true): the
// real `claude` (the Agent SDK's binary) offline against the fake model, one Bash call, with a
// shell hook on PostToolUse, Stop and SessionEnd that logs its start, any signal it gets (it
// traps them), its stdin's size after a pause, and ticks every 100 ms for 2 s, then its end.
// Prints when each model request came and each hook's log, in ms from the run's start.
// Usage: node --import tsx bench/claude-hook-wait.ts [sync|async]
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  hasClaude,
  offeredTools,
  offlineClaudeEnv,
  runClaude,
} from '../test/helpers/claude-cli.ts';
import { reply, startFakeAnthropic } from '../test/helpers/fake-anthropic.ts';

const HOOK = `#!/bin/sh
f=$1
for s in TERM HUP INT PIPE; do trap "echo $s \\$(date +%s%3N) >> $f" $s; done
echo start $(date +%s%3N) >> $f
/bin/sleep 0.5
echo stdin$(cat | wc -c) $(date +%s%3N) >> $f
i=0
while [ $i -lt 20 ]; do /bin/sleep 0.1; echo t $(date +%s%3N) >> $f; i=$((i+1)); done
echo end $(date +%s%3N) >> $f
`;

/** A hook log as `name@ms` steps, runs of ticks shown by their last one. */
function steps(file: string, t0: number): string {
  if (!existsSync(file)) return 'never started';
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  return lines
    .filter((line, i) => !line.startsWith('t ') || !lines[i + 1]?.startsWith('t '))
    .map((line) => line.split(' '))
    .map(([what, at]) => `${what === 't' ? 'tick' : what}@${Number(at) - t0}`)
    .join(' ');
}

async function main(): Promise<void> {
  if (!hasClaude()) return console.log('claude-hook-wait: no claude binary: skipped');
  const background = process.argv[2] === 'async';
  const root = mkdtempSync(join(tmpdir(), 'claude-hook-wait-'));
  const [home, project, hook] = [join(root, 'home'), join(root, 'project'), join(root, 'hook.sh')];
  mkdirSync(home);
  mkdirSync(project);
  writeFileSync(hook, HOOK);
  chmodSync(hook, 0o755);
  const fake = await startFakeAnthropic();
  fake.respondWith((body) => {
    if (offeredTools(body).length === 0) return reply.text('ok');
    if (JSON.stringify(body.messages ?? []).includes('tool_result')) return reply.text('done');
    const call = { type: 'tool_use' as const, name: 'Bash', input: { command: 'echo hi' } };
    return { kind: 'message', content: [call], stopReason: 'tool_use' };
  });
  const entry = (name: string) => ({
    hooks: [
      {
        type: 'command',
        command: `${hook} ${join(root, name)}`,
        timeout: 10,
        ...(background ? { async: true } : {}),
      },
    ],
  });
  const settings = {
    hooks: {
      PostToolUse: [{ matcher: '*', ...entry('post') }],
      Stop: [entry('stop')],
      SessionEnd: [entry('end')],
    },
  };
  const env = offlineClaudeEnv({ PATH: process.env.PATH, HOME: home, TMPDIR: root }, fake.url);
  const t0 = Date.now();
  const run = await runClaude('run it', {
    env,
    cwd: project,
    extra: ['--settings', JSON.stringify(settings)],
  });
  const exited = Date.now() - t0;
  await new Promise((done) => setTimeout(done, 4000)); // hooks that outlive the CLI finish
  console.log(
    `${background ? 'background ("async": true)' : 'foreground'} hooks; claude exit ${run.code} at ${exited} ms`,
  );
  console.log(
    `model requests at ${fake
      .messageRequests()
      .map((r) => r.at - t0)
      .join(', ')} ms`,
  );
  for (const name of ['post', 'stop', 'end'])
    console.log(`${name}: ${steps(join(root, name), t0)}`);
  await fake.close();
  rmSync(root, { recursive: true, force: true });
}

await main();
