import {
  createReaper,
  probeIsFree,
  probeProvider,
  UNLIMITED,
  type ProbeResult,
} from '../../compress/index.ts';
import type { Settings } from '../../config/index.ts';
import { fail, ok, type CheckResult } from './check.ts';

/** What the provider call check needs; `fetch` is for tests. */
export interface ProviderCallDeps {
  settings: Settings;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** `doctor --check-provider`: call it even when a call costs tokens. */
  optIn: boolean;
  fetch?: typeof fetch;
}

/** What to do about each failure; the probe's detail already names the provider and what happened. */
const HINT: Record<Exclude<ProbeResult['outcome'], 'ok' | 'skipped'>, string> = {
  config: 'every batch goes to the heuristic until this is fixed',
  unreachable: 'is the server running at that address?',
  auth: 'check the API key in the environment of the worker',
  format: 'is the base URL the OpenAI-compatible one (ending in /v1)?',
  refused: 'check the model name and the base URL',
};

/**
 * One tiny request to the configured compression provider: reachable, key accepted, answer in
 * the expected format. Free calls (a local OpenAI-compatible server) are always made; calls that
 * may cost money or subscription tokens only with `--check-provider`.
 */
export async function checkProviderCall(deps: ProviderCallDeps): Promise<CheckResult> {
  const name = 'provider call';
  if (!deps.optIn && !probeIsFree(deps)) {
    return ok(name, 'not tried (a call may cost tokens): run "claude-mem doctor --check-provider"');
  }
  const reaper = createReaper();
  try {
    const result = await probeProvider({ ...deps, budget: UNLIMITED, reaper });
    if (result.outcome === 'ok') return ok(name, `${result.provider}: ${result.detail}`);
    if (result.outcome === 'skipped') return ok(name, `nothing to call: ${result.detail}`);
    // A provider that cannot work leaves every memory to the heuristic: a failure, not a note.
    return fail(name, `${result.detail}: ${HINT[result.outcome]}`);
  } finally {
    reaper.killAll();
  }
}
