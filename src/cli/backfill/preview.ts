import { decideProvider } from '../../compress/index.ts';
import type { Settings } from '../../config/index.ts';
import type { CompressionStatus } from '../../worker/compression/compress-status.ts';
import type { AdminWorker } from '../admin/worker-admin.ts';
import type { CostEstimate } from './cost-estimate.ts';

/** The compression provider a backfill would use, and its budget left today. */
export interface ProviderView {
  name: string;
  model: string | null;
  /** An LLM provider: compressing costs tokens, so the user is asked first. */
  llm: boolean;
  reason: string;
  budgetLeft: number | undefined;
}

const SETTING_KEY = {
  'claude-code': 'claudeCode',
  anthropic: 'anthropic',
  openai: 'openai',
} as const;

function fromSettings(settings: Settings, env: NodeJS.ProcessEnv): ProviderView {
  const decision = decideProvider(settings, env);
  if (decision.name === 'heuristic') {
    return {
      name: 'heuristic',
      model: null,
      llm: false,
      reason: decision.reason,
      budgetLeft: undefined,
    };
  }
  const key = SETTING_KEY[decision.name];
  return {
    name: decision.name,
    model: settings[`compress.${key}.model`] || null,
    llm: true,
    reason: `${decision.reason}; the worker is not running, so this is what the settings say`,
    budgetLeft: settings[`compress.${key}.dailyTokens`],
  };
}

/** What the running worker compresses with (it knows its own environment), else the settings. */
export async function providerInUse(
  worker: AdminWorker | undefined,
  settings: Settings,
  env: NodeJS.ProcessEnv,
): Promise<ProviderView> {
  if (!worker) return fromSettings(settings, env);
  const status = await worker.get<CompressionStatus>('/api/compression/status');
  return {
    name: status.provider,
    model: status.model,
    llm: status.provider !== 'heuristic',
    reason: status.reason,
    budgetLeft: status.budget.find((b) => b.provider === status.provider)?.left,
  };
}

const n = (value: number): string => value.toLocaleString('en-US');

/** What was found, what is left out and why. */
export interface FoundSummary {
  files: number;
  /** Files with nothing to replay. */
  empty: number;
  sessions: number;
  /** Reason -> sessions left out for it. */
  leftOut: Record<string, number>;
}

/** The cost preview: counts, provider, estimated tokens and the budget. */
export function previewLines(
  found: FoundSummary,
  cost: CostEstimate,
  provider: ProviderView,
): string[] {
  const reasons = Object.entries(found.leftOut)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${n(count)} ${reason}`);
  const lines = [
    `transcripts: ${n(found.files)} files${found.empty > 0 ? ` (${n(found.empty)} empty)` : ''}, ${n(found.sessions)} sessions${reasons.length > 0 ? ` (left out: ${reasons.join(', ')})` : ''}`,
    `to import: ${n(cost.sessions)} sessions, ${n(cost.prompts)} prompts, ${n(cost.events)} tool events`,
  ];
  if (!provider.llm) {
    lines.push(`compression: heuristic (no LLM, no tokens): ${provider.reason}`);
    return lines;
  }
  const model = provider.model ? ` (${provider.model})` : '';
  lines.push(
    `compression: ${provider.name}${model}: ${provider.reason}`,
    `estimated cost: ~${n(cost.tokensIn)} input tokens in ${n(cost.requests)} requests, at most ${n(cost.maxTokensOut)} output tokens`,
  );
  const need = cost.tokensIn + cost.maxTokensOut;
  if (provider.budgetLeft !== undefined && need > provider.budgetLeft) {
    lines.push(
      `daily budget left: ${n(provider.budgetLeft)} tokens; past it the heuristic compresses the rest (no tokens)`,
    );
  }
  return lines;
}
