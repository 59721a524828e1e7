/**
 * The npm package to install claude-mem from. `claude-mem` on npm is the incumbent's project, so
 * ours is scoped; its commands keep the names `claude-mem` and `claude-mem-hook`.
 */
export const PACKAGE_NAME = '@durable-mem/claude-mem';
