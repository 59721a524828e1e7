import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOOK_EVENTS, resolveHookEvent } from './events.ts';

/** One test per [name, event] pair: `name` resolves to `event`; `title` names the test. */
function resolves(
  title: (name: string, event: string) => string,
  pairs: ReadonlyArray<readonly [string, string]>,
): void {
  for (const [name, event] of pairs) {
    test(title(name, event), () => {
      assert.equal(resolveHookEvent(name), event);
    });
  }
}

resolves(
  (event) => `${event} resolves to itself`,
  HOOK_EVENTS.map((event) => [event, event] as const),
);

resolves(
  (name, event) => `kebab, snake or lower case "${name}" resolves to ${event}`,
  [
    ['session-start', 'SessionStart'],
    ['sessionstart', 'SessionStart'],
    ['SESSION_START', 'SessionStart'],
    ['user-prompt-submit', 'UserPromptSubmit'],
    ['post-tool-use', 'PostToolUse'],
    ['post-tool-use-failure', 'PostToolUseFailure'],
    ['posttoolusefailure', 'PostToolUseFailure'],
    ['subagent-stop', 'SubagentStop'],
    ['pre_compact', 'PreCompact'],
    ['session-end', 'SessionEnd'],
    ['stop', 'Stop'],
  ],
);

resolves(
  (alias, event) => `the seed command name "${alias}" is an alias of ${event}`,
  [
    ['context', 'SessionStart'],
    ['new', 'UserPromptSubmit'],
    ['save', 'PostToolUse'],
    ['summary', 'Stop'],
    ['Context', 'SessionStart'],
    ['SAVE', 'PostToolUse'],
  ],
);

for (const name of [
  undefined,
  '',
  'Notification',
  'PermissionRequest',
  'session start',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
]) {
  test(`"${String(name)}" is not a hook event`, () => {
    assert.equal(resolveHookEvent(name), undefined);
  });
}
