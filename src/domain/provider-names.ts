/**
 * The compression providers a user can choose (recipe for a new one:
 * src/compress/providers/README.md); `compress.provider` also takes `auto`.
 */
export const PROVIDER_NAMES = ['claude-code', 'anthropic', 'openai', 'heuristic'] as const;

/** One of {@link PROVIDER_NAMES}. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The values of the `compress.provider` setting: `auto` (pick at start), or one provider. */
export const PROVIDER_CHOICES = ['auto', ...PROVIDER_NAMES] as const;
