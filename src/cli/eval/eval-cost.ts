import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../../config/index.ts';
import { NO_COST, addCost, estimateSession } from '../backfill/cost-estimate.ts';
import { providerInUse } from '../backfill/preview.ts';
import { sessionEvents } from '../backfill/session-events.ts';
import type { SessionPlan } from '../backfill/session-plan.ts';

const n = (value: number): string => value.toLocaleString('en-US');

/**
 * The cost preview of `eval --provider configured`: which provider the settings choose and,
 * for an LLM, the estimated tokens of compressing every session once per run (backfill's
 * estimate: the same requests). `llm` false means nothing is spent and nobody need be asked.
 */
export async function evalCostLines(
  plans: readonly SessionPlan[],
  settings: Settings,
  env: NodeJS.ProcessEnv,
  runs: number,
): Promise<{ lines: string[]; llm: boolean }> {
  const provider = await providerInUse(undefined, settings, env);
  if (!provider.llm) {
    return {
      lines: [`compression: heuristic (no LLM, no tokens): ${provider.reason}`],
      llm: false,
    };
  }
  const markerDir = mkdtempSync(join(tmpdir(), 'claude-mem-eval-cost-'));
  mkdirSync(join(markerDir, 'state'), { mode: 0o700 });
  try {
    const cost = plans.reduce(
      (sum, plan) =>
        addCost(
          sum,
          estimateSession(sessionEvents(plan, { settings, markerDir }), settings, plan.project),
        ),
      NO_COST,
    );
    const model = provider.model ? ` (${provider.model})` : '';
    return {
      llm: true,
      lines: [
        `compression: ${provider.name}${model}: ${provider.reason}`,
        `estimated cost: ~${n(cost.tokensIn * runs)} input tokens in ${n(cost.requests * runs)} requests, at most ${n(cost.maxTokensOut * runs)} output tokens (${n(plans.length)} sessions, ${runs} run${runs > 1 ? 's' : ''})`,
      ],
    };
  } finally {
    rmSync(markerDir, { recursive: true, force: true });
  }
}
