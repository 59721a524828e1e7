import type { Settings } from '../../config/index.ts';
import { embedderFromSettings } from '../../search/index.ts';
import { fail, ok, type CheckResult } from './check.ts';

/** What the embedder check needs; `fetch` is for tests. */
export interface EmbedderCheckDeps {
  settings: Settings;
  env: NodeJS.ProcessEnv;
  /** `doctor --check-provider`: call a remote embedder too (a call may cost a little). */
  optIn: boolean;
  fetch?: typeof fetch;
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])$/u;

const isLoopback = (url: string): boolean => {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The openai or voyage embedder: one tiny embedding through the same client the worker uses,
 * which says whether the endpoint answers, takes the key, knows the model, and the vectors' size.
 * A local endpoint (Ollama) is always called; a remote one only with `--check-provider`. The
 * local model and hash need no check here (the worker's status shows them).
 */
export async function checkEmbedder(deps: EmbedderCheckDeps): Promise<CheckResult> {
  const name = 'embedder';
  const choice = deps.settings['search.embedder'];
  if (choice !== 'openai' && choice !== 'voyage') return ok(name, `${choice}: nothing to call`);
  const url = deps.settings['search.embeddingsUrl'];
  if (!deps.optIn && !isLoopback(url)) {
    return ok(name, 'not tried (a call may cost tokens): run "claude-mem doctor --check-provider"');
  }
  const embedder = embedderFromSettings(deps.settings, deps.env, deps.fetch);
  if (!embedder) return ok(name, 'off');
  try {
    const [vector] = await embedder.embed(['claude-mem doctor'], 'query');
    return ok(name, `${embedder.id} at ${url}: ${vector?.length ?? 0} dimensions`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const key = deps.settings['search.embeddingsKeyEnv'];
    const hint = /40[13]/.test(reason)
      ? `check the key in ${key} in the environment of the worker`
      : /unreachable/.test(reason)
        ? 'is the server running at that address?'
        : 'check search.embeddingsModel and search.embeddingsUrl';
    return fail(name, `${embedder.id} at ${url}: ${reason}; search uses full text: ${hint}`);
  }
}
