/** Who may see a memory: this machine only, or the team (migration 008's CHECK holds the same). */
export const SCOPES = ['private', 'team'] as const;

/** One of {@link SCOPES}. */
export type Scope = (typeof SCOPES)[number];

/** Each scope in words (MCP's error text, the viewer's scope filter). */
export const SCOPE_NAMES: Record<Scope, string> = {
  private: 'Private',
  team: 'Team',
};

/** What each scope means, for error texts that name the choices. */
export const SCOPE_MEANINGS: Record<Scope, string> = {
  private: 'this machine only',
  team: 'shared with the team',
};
