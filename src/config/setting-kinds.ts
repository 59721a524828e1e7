/** The result of checking one raw setting value against its kind. */
export type Checked<T> = { ok: true; value: T } | { ok: false; expected: string };

/** One setting: its default, how to check a raw value, how to read it from an env string. */
export interface SettingSpec<T> {
  readonly default: T;
  readonly description: string;
  check(raw: unknown): Checked<T>;
  fromEnv(text: string): unknown;
}

/** An integer setting within [min, max]. */
export function integer(opts: {
  default: number;
  min: number;
  max: number;
  description: string;
}): SettingSpec<number> {
  const expected = `an integer from ${opts.min} to ${opts.max}`;
  return {
    default: opts.default,
    description: opts.description,
    check(raw) {
      const ok = typeof raw === 'number' && Number.isInteger(raw) && raw >= opts.min;
      return ok && raw <= opts.max ? { ok: true, value: raw } : { ok: false, expected };
    },
    fromEnv: (text) => (/^-?\d+$/.test(text.trim()) ? Number(text) : text),
  };
}

/** A number from 0 to `max`, decimals allowed (a weight, a ratio). */
export function decimal(opts: {
  default: number;
  max: number;
  description: string;
}): SettingSpec<number> {
  const expected = `a number from 0 to ${opts.max}`;
  return {
    default: opts.default,
    description: opts.description,
    check: (raw) =>
      typeof raw === 'number' && raw >= 0 && raw <= opts.max
        ? { ok: true, value: raw }
        : { ok: false, expected },
    fromEnv: (text) => (/^\s*\d*(?:\.\d+)?\s*$/.test(text) && text.trim() ? Number(text) : text),
  };
}

/** A number from 0 to 1 (a similarity, a ratio). */
export function fraction(opts: { default: number; description: string }): SettingSpec<number> {
  return decimal({ ...opts, max: 1 });
}

/** A boolean setting. */
export function boolean(opts: { default: boolean; description: string }): SettingSpec<boolean> {
  return {
    default: opts.default,
    description: opts.description,
    check: (raw) =>
      typeof raw === 'boolean'
        ? { ok: true, value: raw }
        : { ok: false, expected: 'true or false' },
    fromEnv: (text) => ({ true: true, false: false, '1': true, '0': false })[text.trim()] ?? text,
  };
}

/** One of a fixed list of strings. */
export function oneOf<const V extends string>(opts: {
  default: V;
  values: readonly V[];
  description: string;
}): SettingSpec<V> {
  const expected = `one of ${opts.values.join(', ')}`;
  return {
    default: opts.default,
    description: opts.description,
    check: (raw) =>
      opts.values.includes(raw as V) ? { ok: true, value: raw as V } : { ok: false, expected },
    fromEnv: (text) => text.trim(),
  };
}

/** A free string, optionally limited to a pattern. */
export function text(opts: {
  default: string;
  description: string;
  pattern?: RegExp;
  expected?: string;
}): SettingSpec<string> {
  const expected = opts.expected ?? 'a string';
  return {
    default: opts.default,
    description: opts.description,
    check(raw) {
      const ok = typeof raw === 'string' && (!opts.pattern || opts.pattern.test(raw));
      return ok ? { ok: true, value: raw } : { ok: false, expected };
    },
    fromEnv: (value) => value,
  };
}

/** A list of non-empty strings; from env, a comma-separated list. */
export function stringList(opts: {
  default: readonly string[];
  description: string;
}): SettingSpec<readonly string[]> {
  const expected = 'a list of non-empty strings';
  return {
    default: opts.default,
    description: opts.description,
    check(raw) {
      const ok = Array.isArray(raw) && raw.every((item) => typeof item === 'string' && item !== '');
      return ok ? { ok: true, value: [...(raw as string[])] } : { ok: false, expected };
    },
    fromEnv: (value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
  };
}
