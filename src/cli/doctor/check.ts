/** One doctor finding: OK, or what is wrong and what to do. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
  /** A warning is shown but does not fail the run. */
  warning?: boolean;
}

/** Shorthand constructors. */
export const ok = (name: string, detail: string): CheckResult => ({ name, ok: true, detail });
export const fail = (name: string, detail: string): CheckResult => ({ name, ok: false, detail });
export const warn = (name: string, detail: string): CheckResult => ({
  name,
  ok: true,
  detail,
  warning: true,
});
