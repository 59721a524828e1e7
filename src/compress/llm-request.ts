import { elide } from '../privacy/index.ts';
import { correctionMessage } from './prompts.ts';
import { tokenCeiling, type ProviderName } from '../domain/index.ts';

/** One message of a stateless LLM request. */
export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A complete, stateless request: fixed instructions, the conversation, the output limit. */
export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  maxOutputTokens: number;
}

/** The provider's answer and what it cost, as the provider counted it. */
export interface LlmReply {
  text: string;
  tokensIn: number;
  tokensOut: number;
  /** The output hit the token limit. */
  truncated: boolean;
}

/**
 * How one provider sends a request: the only part that differs between anthropic, openai and
 * claude-code. Errors are thrown as CompressError (transient for 429, 5xx, timeouts, network).
 */
export interface LlmTransport {
  readonly provider: ProviderName;
  readonly model: string;
  complete(request: LlmRequest, signal: AbortSignal): Promise<LlmReply>;
}

/** Estimated input tokens of a request (see tokenCeiling). */
export function requestTokens(request: Pick<LlmRequest, 'system' | 'messages'>): number {
  return (
    tokenCeiling(request.system) +
    request.messages.reduce((sum, m) => sum + tokenCeiling(m.content), 0)
  );
}

/**
 * The correction retry: the original request, the unusable answer (elided to what still fits
 * under `maxInputTokens`) and a message saying what was wrong. When nothing of the answer fits,
 * the correction is appended to the user message instead.
 */
export function correctionRequest(
  request: LlmRequest,
  badAnswer: string,
  problem: string,
  maxInputTokens: number,
): LlmRequest {
  const correction: LlmMessage = { role: 'user', content: correctionMessage(problem) };
  for (let chars = badAnswer.length; chars > 0; chars = chars > 200 ? Math.floor(chars / 2) : 0) {
    const answer: LlmMessage = { role: 'assistant', content: elide(badAnswer, chars) };
    const candidate = { ...request, messages: [...request.messages, answer, correction] };
    if (requestTokens(candidate) <= maxInputTokens) return candidate;
  }
  const [first, ...rest] = request.messages;
  const merged = {
    role: 'user' as const,
    content: `${first?.content ?? ''}\n\n${correction.content}`,
  };
  return { ...request, messages: [merged, ...rest] };
}
