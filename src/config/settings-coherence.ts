/**
 * Settings that are each valid but do not work together, as sentences; `values` are flat keys
 * (from the file, or the loaded settings). The openai provider has no default model: without one
 * every batch would silently go to the heuristic.
 */
export function incoherence(values: Record<string, unknown>): string | undefined {
  const model = values['compress.openai.model'];
  if (values['compress.provider'] === 'openai' && !(typeof model === 'string' && model.trim())) {
    return 'compress.provider is openai but compress.openai.model is not set: run "claude-mem config set compress.openai.model <name>" first (e.g. qwen2.5-coder:7b)';
  }
  return undefined;
}
