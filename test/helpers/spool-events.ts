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

/** Fields of a `K` event beyond the shared ones and its kind. */
type Fields<K extends Kind> = Omit<EventOf<K>, keyof Base | 'kind'>;

/** A builder of `K` events: shared fields, then `defaults` (given them), then the overrides. */
function eventBuilder<K extends Kind>(kind: K, defaults: (base: Base) => Fields<K>) {
  return (overrides: Partial<EventOf<K>> = {}): EventOf<K> => {
    const base = baseEvent();
    // The spread of a generic event type is not narrowed back to the union member by tsc.
    return { ...base, kind, ...defaults(base), ...overrides } as EventOf<K>;
  };
}

/** A SessionStart spool event. */
export const sessionStartEvent = eventBuilder('session-start', () => ({ source: 'startup' }));

/** A UserPromptSubmit spool event (`text: null` for a fully private prompt). */
export const promptEvent = eventBuilder('prompt', () => ({ text: 'fix the bug' }));

/** A PostToolUse spool event with a unique tool_use_id. */
export const toolEvent = eventBuilder('tool', (base) => ({
  toolName: 'Read',
  toolUseId: `toolu_${base.id}`,
  agentId: null,
  input: { file_path: '/work/alpha/src/index.ts' },
  response: { type: 'text', file: { filePath: '/work/alpha/src/index.ts', content: 'x' } },
  error: null,
  failed: false,
  durationMs: 12,
}));

/** A Stop spool event. */
export const turnEndEvent = eventBuilder('turn-end', () => ({
  agentId: null,
  lastAssistantMessage: 'done',
}));

/** A SessionEnd spool event. */
export const sessionEndEvent = eventBuilder('session-end', () => ({ reason: 'logout' }));
