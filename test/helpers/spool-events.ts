import type { SpoolEvent } from '../../src/spool/index.ts';

type Kind = SpoolEvent['kind'];
type EventOf<K extends Kind> = Extract<SpoolEvent, { kind: K }>;
type Base = Omit<EventOf<'prompt'>, 'kind' | 'text'>;

let counter = 0;

/** The fields every spool event shares, with a fresh id and `at` unless given. */
export function baseEvent(overrides: Partial<Base> = {}): Base {
  counter += 1;
  return {
    v: 1,
    id: `evt-${process.pid}-${counter}`,
    at: 1_700_000_000_000 + counter,
    sessionId: 'session-1',
    project: { name: 'alpha', root: '/work/alpha' },
    cwd: '/work/alpha',
    ...overrides,
  };
}

/** A SessionStart spool event. */
export function sessionStartEvent(overrides: Partial<EventOf<'session-start'>> = {}) {
  return {
    ...baseEvent(),
    kind: 'session-start',
    source: 'startup',
    ...overrides,
  } satisfies EventOf<'session-start'>;
}

/** A UserPromptSubmit spool event (`text: null` for a fully private prompt). */
export function promptEvent(overrides: Partial<EventOf<'prompt'>> = {}) {
  return {
    ...baseEvent(),
    kind: 'prompt',
    text: 'fix the bug',
    ...overrides,
  } satisfies EventOf<'prompt'>;
}

/** A PostToolUse spool event with a unique tool_use_id. */
export function toolEvent(overrides: Partial<EventOf<'tool'>> = {}) {
  const base = baseEvent();
  return {
    ...base,
    kind: 'tool',
    toolName: 'Read',
    toolUseId: `toolu_${base.id}`,
    agentId: null,
    input: { file_path: '/work/alpha/src/index.ts' },
    response: { type: 'text', file: { filePath: '/work/alpha/src/index.ts', content: 'x' } },
    error: null,
    failed: false,
    durationMs: 12,
    ...overrides,
  } satisfies EventOf<'tool'>;
}

/** A Stop spool event. */
export function turnEndEvent(overrides: Partial<EventOf<'turn-end'>> = {}) {
  return {
    ...baseEvent(),
    kind: 'turn-end',
    agentId: null,
    lastAssistantMessage: 'done',
    ...overrides,
  } satisfies EventOf<'turn-end'>;
}

/** A SessionEnd spool event. */
export function sessionEndEvent(overrides: Partial<EventOf<'session-end'>> = {}) {
  return {
    ...baseEvent(),
    kind: 'session-end',
    reason: 'logout',
    ...overrides,
  } satisfies EventOf<'session-end'>;
}
