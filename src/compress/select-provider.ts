import { join } from 'node:path';
import type { Settings } from '../config/index.ts';
import type { Budget } from './budget.ts';
import { createCompressorChain, type CompressorChain } from './chain.ts';
import { createLlmCompressor, type LlmLimits } from './llm-compressor.ts';
import type { LlmTransport } from './llm-request.ts';
import { createAnthropicTransport } from './providers/anthropic.ts';
import { createClaudeCodeTransport } from './providers/claude-code.ts';
import { claudeConfigDir, claudeLogin, findClaude } from './providers/claude-detect.ts';
import { createHeuristicCompressor } from './providers/heuristic.ts';
import { createOpenAiTransport } from './providers/openai.ts';
import type { Reaper } from './providers/process-reaper.ts';
import type { ProviderName } from '../domain/index.ts';

/** What building the provider chain needs; ambient state comes in here so tests can pin it. */
export interface ProviderDeps {
  settings: Settings;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  budget: Budget;
  reaper: Reaper;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The provider in use, why, and the chain that falls back to the heuristic. */
export interface ProviderChoice {
  configured: Settings['compress.provider'];
  active: ProviderName;
  reason: string;
  chain: CompressorChain;
}

/** The provider to use, why, and where its `claude` is. */
export type Decision = { name: ProviderName; reason: string; claudePath?: string | undefined };

function decideAuto(settings: Settings, env: NodeJS.ProcessEnv): Decision {
  const path = findClaude(settings['compress.claudeCode.path'], env);
  if (!path)
    return {
      name: 'heuristic',
      reason: 'auto: no claude found on PATH or at compress.claudeCode.path',
    };
  const login = claudeLogin(env);
  if (!login) {
    return {
      name: 'heuristic',
      reason: `auto: ${path} is not logged in (no credentials in ${claudeConfigDir(env)}, no ANTHROPIC_API_KEY); run claude and /login`,
    };
  }
  return {
    name: 'claude-code',
    reason: `auto: ${path} is installed and logged in (${login})`,
    claudePath: path,
  };
}

/** Which provider the settings and environment call for, and why in one line. */
export function decideProvider(settings: Settings, env: NodeJS.ProcessEnv): Decision {
  const configured = settings['compress.provider'];
  switch (configured) {
    case 'auto':
      return decideAuto(settings, env);
    case 'heuristic':
      return { name: 'heuristic', reason: 'compress.provider is heuristic' };
    case 'claude-code': {
      const path = findClaude(settings['compress.claudeCode.path'], env);
      return {
        name: 'claude-code',
        reason: `compress.provider is claude-code (${path ?? "the Agent SDK's bundled claude"})`,
        claudePath: path,
      };
    }
    case 'anthropic':
      return env.ANTHROPIC_API_KEY?.trim()
        ? { name: 'anthropic', reason: 'compress.provider is anthropic (ANTHROPIC_API_KEY is set)' }
        : {
            name: 'heuristic',
            reason: 'compress.provider is anthropic but ANTHROPIC_API_KEY is not set',
          };
    case 'openai':
      return settings['compress.openai.model'].trim()
        ? {
            name: 'openai',
            reason: `compress.provider is openai (${settings['compress.openai.baseUrl']})`,
          }
        : {
            name: 'heuristic',
            reason: 'compress.provider is openai but compress.openai.model is not set',
          };
    default:
      configured satisfies never;
      return { name: 'heuristic', reason: 'unknown provider' };
  }
}

/** Request limits from the settings. */
export function limitsOf(settings: Settings): LlmLimits {
  return {
    maxInputTokens: settings['compress.maxInputTokens'],
    maxOutputTokens: settings['compress.maxOutputTokens'],
    fieldChars: settings['compress.eventFieldChars'],
    timeoutMs: settings['compress.timeoutMs'],
    retries: settings['compress.retries'],
    retryBaseMs: settings['compress.retryBaseMs'],
    concurrency: settings['compress.concurrency'],
  };
}

/** The LLM transport `decision` names (undefined for the heuristic); also used by the probe. */
export function transportFor(decision: Decision, deps: ProviderDeps): LlmTransport | undefined {
  const { settings, env } = deps;
  switch (decision.name) {
    case 'claude-code':
      return createClaudeCodeTransport({
        model: settings['compress.claudeCode.model'],
        executable: decision.claudePath,
        workDir: join(deps.dataDir, 'compressor'),
        env,
        reaper: deps.reaper,
        concurrency: settings['compress.concurrency'],
      });
    case 'anthropic':
      return createAnthropicTransport({
        apiKey: env.ANTHROPIC_API_KEY ?? '',
        model: settings['compress.anthropic.model'],
        baseURL: settings['compress.anthropic.baseUrl'] || env.ANTHROPIC_BASE_URL,
        fetch: deps.fetch,
      });
    case 'openai':
      return createOpenAiTransport({
        baseUrl: settings['compress.openai.baseUrl'],
        model: settings['compress.openai.model'],
        apiKey: env.OPENAI_API_KEY,
        fetch: deps.fetch,
      });
    case 'heuristic':
      return undefined;
  }
}

/**
 * Builds the compressor chain the settings call for: the chosen LLM provider first, then the
 * heuristic, which takes over when the provider is unavailable, out of budget or gives bad
 * output twice.
 */
export function chooseProvider(deps: ProviderDeps): ProviderChoice {
  const decision = decideProvider(deps.settings, deps.env);
  const transport = transportFor(decision, deps);
  const heuristic = createHeuristicCompressor();
  const llm =
    transport &&
    createLlmCompressor(transport, {
      limits: limitsOf(deps.settings),
      budget: deps.budget,
      now: deps.now,
      sleep: deps.sleep,
      random: deps.random,
    });
  return {
    configured: deps.settings['compress.provider'],
    active: decision.name,
    reason: decision.reason,
    chain: createCompressorChain(llm ? [llm, heuristic] : [heuristic]),
  };
}
