import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { resolveProject } from './project.ts';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** A real repository `<tmp>/shop` with one commit and a linked worktree `<tmp>/shop-feature`. */
function repoWithWorktree(t: TestContext): { root: string; worktree: string } {
  const dir = tempDir(t);
  const root = join(dir, 'shop');
  const worktree = join(dir, 'shop-feature');
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  git(root, 'init', '-q');
  git(root, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(root, 'worktree', 'add', '-q', '-b', 'feature', worktree);
  mkdirSync(join(worktree, 'pkg'), { recursive: true });
  return { root, worktree };
}

test('the main worktree is named after its folder, from the root or any subfolder', (t) => {
  const { root } = repoWithWorktree(t);
  assert.deepEqual(resolveProject(root, {}), { name: 'shop', root });
  assert.deepEqual(resolveProject(join(root, 'src', 'lib'), {}), { name: 'shop', root });
});

test('a linked worktree maps to the main worktree: same name, same root', (t) => {
  const { root, worktree } = repoWithWorktree(t);
  assert.deepEqual(resolveProject(worktree, {}), { name: 'shop', root });
  assert.deepEqual(resolveProject(join(worktree, 'pkg'), {}), { name: 'shop', root });
});

test('.claude-mem.json at the repository root overrides the name for every worktree', (t) => {
  const { root, worktree } = repoWithWorktree(t);
  writeFileSync(join(root, '.claude-mem.json'), JSON.stringify({ project: ' storefront ' }));
  assert.deepEqual(resolveProject(join(root, 'src'), {}), { name: 'storefront', root });
  assert.deepEqual(resolveProject(worktree, {}), { name: 'storefront', root });
});

test('a .claude-mem.json without a usable project name is ignored', (t) => {
  const { root } = repoWithWorktree(t);
  writeFileSync(join(root, '.claude-mem.json'), '{"project": ""');
  assert.deepEqual(resolveProject(root, {}), { name: 'shop', root });
});

test('CLAUDE_MEM_PROJECT overrides both the folder name and .claude-mem.json', (t) => {
  const { root, worktree } = repoWithWorktree(t);
  writeFileSync(join(root, '.claude-mem.json'), JSON.stringify({ project: 'storefront' }));
  const env = { CLAUDE_MEM_PROJECT: 'billing' };
  assert.deepEqual(resolveProject(worktree, env), { name: 'billing', root });
});

test('a blank CLAUDE_MEM_PROJECT is ignored', (t) => {
  const { root } = repoWithWorktree(t);
  assert.deepEqual(resolveProject(root, { CLAUDE_MEM_PROJECT: '  ' }), { name: 'shop', root });
});

test('outside git the project is the basename of cwd', (t) => {
  const cwd = join(tempDir(t), 'scratch-notes');
  mkdirSync(cwd);
  assert.deepEqual(resolveProject(cwd, {}), { name: 'scratch-notes', root: cwd });
});

test('outside git CLAUDE_MEM_PROJECT still names the project', (t) => {
  const cwd = tempDir(t);
  assert.deepEqual(resolveProject(cwd, { CLAUDE_MEM_PROJECT: 'notes' }), {
    name: 'notes',
    root: cwd,
  });
});
