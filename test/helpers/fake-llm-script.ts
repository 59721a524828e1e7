import type { ServerResponse } from 'node:http';

// What the fake LLM servers (fake-anthropic.ts, fake-openai.ts) share about scripting replies;
// the HTTP side they share is fake-llm-http.ts.

/** The reply kinds both fake LLM servers script, each with its own message and error fields. */
export type ScriptedReply =
  | { kind: 'message'; content: unknown }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'reset' };

/** Builders of a fake server's scripted replies `R`: a text message, an error, hang, reset. */
export function replyBuilders<R extends ScriptedReply>() {
  type Message = Extract<R, { kind: 'message' }>;
  type Failure = Extract<R, { kind: 'error' }>;
  // The literal objects are members of `R`; tsc cannot see that through the generic.
  return {
    text: (content: string, extra: Partial<Message> = {}): R =>
      ({ kind: 'message', content, ...extra }) as unknown as R,
    error: (status: number, extra: Partial<Failure> = {}): R =>
      ({ kind: 'error', status, ...extra }) as unknown as R,
    hang: (): R => ({ kind: 'hang' }) as R,
    reset: (): R => ({ kind: 'reset' }) as R,
  };
}

/**
 * Answers the replies that need no body: a hang (nothing, ever) and a reset (the connection
 * destroyed). True when `next` was one of them.
 */
export function answeredWithoutBody<R extends ScriptedReply>(
  res: ServerResponse,
  next: R,
): next is Extract<R, { kind: 'hang' | 'reset' }> {
  if (next.kind === 'reset') res.socket?.destroy();
  return next.kind === 'hang' || next.kind === 'reset';
}

/** The replies of a fake server: a queue used in order, then a responder (settable). */
export function replyScript<R, Args extends unknown[]>(fallback: (...args: Args) => R) {
  const queue: R[] = [];
  let responder = fallback;
  return {
    next: (...args: Args): R => queue.shift() ?? responder(...args),
    enqueue: (...replies: R[]): void => void queue.push(...replies),
    respondWith: (next: (...args: Args) => R): void => {
      responder = next;
    },
  };
}

/** Waits `ms` unless the client went away first. */
export function pause(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
