import { join } from 'node:path';
import { workerRequest } from '../../src/client/index.ts';
import { runTurn, waitForMemory, type Turn, type ViewerHome } from './viewer-seed.ts';
import { tokenOf } from './worker.ts';

const edit = (file: string, oldText: string, newText: string) => ({
  name: 'Edit',
  input: { file_path: file, old_string: oldText, new_string: newText },
  response: { filePath: file, oldString: oldText, newString: newText },
});
const read = (file: string, content: string) => ({
  name: 'Read',
  input: { file_path: file },
  response: { type: 'text', file: { filePath: file, content } },
});
const bash = (command: string, stdout: string) => ({
  name: 'Bash',
  input: { command },
  response: { stdout, stderr: '', interrupted: false },
});

/** Three turns in two projects: a bug fix and a feature in a web shop, a parser investigation. */
export function viewerTurns(home: ViewerHome): Turn[] {
  const shop = home.projects.shop;
  const parser = home.projects.parser;
  return [
    {
      sessionId: 'sess-shop-1',
      cwd: shop,
      prompt: 'Fix the checkout total rounding bug: 0.1 + 0.2 shows 0.30000000000000004',
      tools: [
        read(join(shop, 'src/cart.ts'), 'export const total = (items) => items.reduce(...)'),
        edit(join(shop, 'src/cart.ts'), 'return sum;', 'return Math.round(sum * 100) / 100;'),
        bash('npm test -- cart', '12 passing'),
      ],
      answer: 'Fixed: totals are rounded to cents; the cart tests pass.',
    },
    {
      sessionId: 'sess-shop-1',
      cwd: shop,
      prompt: 'Add a coupon code field to the checkout form',
      tools: [edit(join(shop, 'src/checkout.tsx'), '<Total />', '<CouponField />\n<Total />')],
      answer: 'Added the coupon field.',
    },
    {
      sessionId: 'sess-parser-1',
      cwd: parser,
      prompt: 'Why does the tokenizer choke on unicode escapes?',
      tools: [
        read(join(parser, 'src/tokenizer.ts'), 'case "\\\\": return readEscape();'),
        bash('grep -rn readEscape src', 'src/tokenizer.ts:88: function readEscape()'),
      ],
      answer: 'readEscape only handles \\n and \\t; \\u needs four hex digits.',
    },
  ];
}

/** An explicit memory saved through the recall API (POST /api/memories, as MCP save_memory). */
export async function saveMemory(
  home: ViewerHome,
  memory: { title: string; text: string; project: string; type?: string; pinned?: boolean },
): Promise<number> {
  const res = await workerRequest(home.port, '/api/memories', {
    method: 'POST',
    body: memory,
    token: tokenOf(home),
    timeoutMs: 5_000,
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`save: ${res.status}`);
  return (res.body as { id: number }).id;
}

/** Runs viewerTurns through the hooks and waits until the worker compressed them all. */
export async function seedViewerCorpus(home: ViewerHome): Promise<void> {
  for (const turn of viewerTurns(home)) await runTurn(home, turn);
  await waitForMemory(home, { observations: 6, summaries: 3 });
  await saveMemory(home, {
    title: 'Prices are integer cents everywhere',
    text: 'Decided after the rounding bug: store and compute money as integer cents; format only at the edge.',
    project: 'webshop',
    type: 'decision',
    pinned: true,
  });
}

/** `count` short turns in a third project, one command each: enough for several feed pages. */
export function bulkTurns(cwd: string, count: number): Turn[] {
  return Array.from({ length: count }, (_, i) => ({
    sessionId: 'sess-bulk-1',
    cwd,
    prompt: `Lint module number ${i}`,
    tools: [bash(`npx eslint src/module-${i}.ts`, `module ${i}: no problems`)],
    answer: `Module ${i} is clean.`,
  }));
}
