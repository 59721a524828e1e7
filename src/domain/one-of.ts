/**
 * Whether `value` is one of a closed list's members: the one check every reader of a list
 * uses (a spool field, a project file, a query), so a new member is accepted everywhere at once.
 */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);
