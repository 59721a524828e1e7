import { CompressError } from './compress-error.ts';
import { decideProvider, transportFor, type ProviderDeps } from './select-provider.ts';

/** What one tiny request to the configured provider showed. */
export interface ProbeResult {
  provider: string;
  /** Where it stopped: `ok`, or the first thing that failed. */
  outcome: 'ok' | 'config' | 'unreachable' | 'auth' | 'format' | 'refused' | 'skipped';
  detail: string;
}

const PING = {
  system: 'You check that a connection works. Answer with the single word OK.',
  messages: [{ role: 'user' as const, content: 'ping' }],
  maxOutputTokens: 32,
};

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** Whether a call costs nothing: the openai provider at a server on this machine. */
export function probeIsFree(deps: Pick<ProviderDeps, 'settings' | 'env'>): boolean {
  const decision = decideProvider(deps.settings, deps.env);
  if (decision.name === 'heuristic') return true;
  if (decision.name !== 'openai') return false;
  try {
    return LOOPBACK.test(new URL(deps.settings['compress.openai.baseUrl']).hostname);
  } catch {
    return false;
  }
}

function outcomeOf(error: unknown): ProbeResult['outcome'] {
  if (!(error instanceof CompressError)) return 'unreachable';
  if (/answered 40[13]\b/.test(error.summary)) return 'auth';
  if (error.code === 'PROVIDER_BAD_OUTPUT' || /not JSON|without choices/.test(error.summary)) {
    return 'format';
  }
  return /answered \d{3}/.test(error.summary) ? 'refused' : 'unreachable';
}

/**
 * Sends one tiny request (about 30 tokens) to the provider the settings select, as compression
 * would, and says whether it was reachable, took the key and answered a chat completion with
 * text. Nothing is stored and no budget is charged.
 */
// A local model may still be loading into memory on the first request (10-30 s for 7B models).
export async function probeProvider(deps: ProviderDeps, timeoutMs = 45_000): Promise<ProbeResult> {
  const decision = decideProvider(deps.settings, deps.env);
  const configured = deps.settings['compress.provider'];
  if (decision.name === 'heuristic') {
    const chosen = configured === 'heuristic' || configured === 'auto';
    return chosen
      ? { provider: 'heuristic', outcome: 'skipped', detail: decision.reason }
      : { provider: configured, outcome: 'config', detail: decision.reason };
  }
  const transport = transportFor(decision, deps);
  if (!transport) return { provider: decision.name, outcome: 'config', detail: decision.reason };
  const label = `${decision.name} (${transport.model})`;
  const started = Date.now();
  try {
    const reply = await transport.complete(PING, AbortSignal.timeout(timeoutMs));
    if (reply.text.trim() === '' && reply.truncated) {
      // A reasoning model spends a small limit on thinking; the format is still right.
      const detail = `reachable, accepted, answered a completion cut at ${PING.maxOutputTokens} tokens before any text (a reasoning model?)`;
      return { provider: label, outcome: 'ok', detail };
    }
    if (reply.text.trim() === '') {
      return { provider: label, outcome: 'format', detail: 'answered a completion without text' };
    }
    const said = JSON.stringify(reply.text.trim().slice(0, 40));
    return {
      provider: label,
      outcome: 'ok',
      detail: `reachable, accepted, answered ${said} in ${Date.now() - started} ms`,
    };
  } catch (error) {
    return {
      provider: label,
      outcome: outcomeOf(error),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
