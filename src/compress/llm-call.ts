import type { LlmCompressorDeps } from './llm-deps.ts';
import { CompressError, isTransient, unavailable } from './compress-error.ts';
import {
  correctionRequest,
  requestTokens,
  type LlmReply,
  type LlmRequest,
  type LlmTransport,
} from './llm-request.ts';
import type { BadOutput } from './parse-output.ts';
import { createRateGate } from './rate-gate.ts';
import { withRetries } from './retry.ts';
import { createSemaphore } from './semaphore.ts';
import { NO_USAGE, addUsage, type Usage } from './types.ts';

type Answer = { reply: LlmReply; usage: Usage };

/** Sends requests of one transport and reads their answers. */
export interface LlmCaller {
  /** `provider (model)`, for messages. */
  label: string;
  /**
   * Sends `request`, parses the answer, and on unusable output sends the correction once. The
   * spend is recorded for `project`.
   */
  ask<P extends { kind: string }>(
    request: LlmRequest,
    parse: (text: string) => P | BadOutput,
    project: string,
    signal?: AbortSignal,
  ): Promise<{ parsed: P; usage: Usage }>;
}

/**
 * Runs one request with a timer of its own rather than AbortSignal.timeout, whose unref'd
 * timer lets a process with nothing else to do exit in the middle of a call.
 */
async function completeWithTimeout(
  transport: LlmTransport,
  request: LlmRequest,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<LlmReply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  // Aborted while it waited for a slot or a retry: the event has fired already (found by the soak).
  if (signal?.aborted) controller.abort();
  try {
    return await transport.complete(request, controller.signal);
  } catch (error) {
    const label = `${transport.provider} (${transport.model})`;
    if (timedOut) throw unavailable(`${label} timed out after ${timeoutMs} ms`, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/**
 * The request cycle every LLM provider shares: the size limit and the daily budget are checked
 * before a request is sent, at most `concurrency` run at once (the timeout starts when a request
 * gets its turn), 429/5xx/timeouts are retried with backoff, a Retry-After pauses every call
 * of this provider (one gate per caller, and the worker makes one caller per provider), every
 * call's spend is recorded, and unusable output gets one correction retry.
 */
export function createLlmCaller(transport: LlmTransport, deps: LlmCompressorDeps): LlmCaller {
  const { limits, budget } = deps;
  const now = deps.now ?? Date.now;
  const label = `${transport.provider} (${transport.model})`;
  const slots = createSemaphore(limits.concurrency);
  const gate = createRateGate(now, deps.sleep);
  const retry = {
    retries: limits.retries,
    baseMs: limits.retryBaseMs,
    sleep: deps.sleep,
    random: deps.random,
  };

  async function send(
    request: LlmRequest,
    project: string,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const size = requestTokens(request);
    if (size > limits.maxInputTokens) {
      throw new CompressError(
        'CONFIG_INVALID',
        `request of ~${size} tokens exceeds compress.maxInputTokens`,
      );
    }
    return withRetries(async function attempt() {
      if (!budget.allows(transport.provider, size + request.maxOutputTokens)) {
        throw new CompressError(
          'BUDGET_SPENT',
          `${transport.provider} daily token budget is spent`,
        );
      }
      const started = now();
      // Inside the slot, both: the gate closes before the slot is freed, so a call queued for
      // the slot cannot slip out between a 429 and its Retry-After.
      const reply = await slots.run(async function sendWhenOpen() {
        await gate.wait(signal);
        return completeWithTimeout(transport, request, limits.timeoutMs, signal).catch(
          (error: unknown) => {
            // Even a Retry-After too long to wait for holds this provider's other calls back.
            if (isTransient(error) && error.retryAfterSeconds) {
              gate.holdFor(error.retryAfterSeconds * 1000);
            }
            throw error;
          },
        );
      });
      const usage = {
        calls: 1,
        tokensIn: reply.tokensIn,
        tokensOut: reply.tokensOut,
        durationMs: now() - started,
      };
      budget.record(transport.provider, transport.model, usage, project);
      return { reply, usage };
    }, retry);
  }

  return {
    label,
    async ask(request, parse, project, signal) {
      const first = await send(request, project, signal);
      const parsed = parse(first.reply.text);
      if (!isBad(parsed)) return { parsed, usage: first.usage };
      const again = correctionRequest(
        request,
        first.reply.text,
        parsed.problem,
        limits.maxInputTokens,
      );
      const second = await send(again, project, signal).catch((error: unknown) => {
        throw withUsage(error, first.usage);
      });
      const reparsed = parse(second.reply.text);
      const usage = addUsage(first.usage, second.usage);
      if (isBad(reparsed)) {
        throw new CompressError('PROVIDER_BAD_OUTPUT', `${label} gave unusable output twice`, {
          usage,
          detail: reparsed.problem,
        });
      }
      return { parsed: reparsed, usage };
    },
  };
}

const isBad = (parsed: { kind: string }): parsed is BadOutput => parsed.kind === 'bad';

function withUsage(error: unknown, usage: Usage): unknown {
  if (!(error instanceof CompressError)) return error;
  return new CompressError(error.code, error.summary, {
    detail: error.detail,
    transient: error.transient,
    retryAfterSeconds: error.retryAfterSeconds,
    usage: addUsage(error.usage ?? NO_USAGE, usage),
    cause: error.cause,
  });
}
