import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOOK_EVENTS, resolveHookEvent } from './events.ts';

for (const event of HOOK_EVENTS) {
  test(`${event} resolves to itself`, () => {
    assert.equal(resolveHookEvent(event), event);
  });
}

const SPELLINGS: Array<[string, string]> = [
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
];

for (const [name, event] of SPELLINGS) {
  test(`kebab, snake or lower case "${name}" resolves to ${event}`, () => {
    assert.equal(resolveHookEvent(name), event);
  });
}

const ALIASES: Array<[string, string]> = [
  ['context', 'SessionStart'],
  ['new', 'UserPromptSubmit'],
  ['save', 'PostToolUse'],
  ['summary', 'Stop'],
  ['Context', 'SessionStart'],
  ['SAVE', 'PostToolUse'],
];

for (const [alias, event] of ALIASES) {
  test(`the seed command name "${alias}" is an alias of ${event}`, () => {
    assert.equal(resolveHookEvent(alias), event);
  });
}

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
