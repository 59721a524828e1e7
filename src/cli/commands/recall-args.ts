import { OBSERVATION_TYPES } from '../../domain/index.ts';
import type { WorkerCall } from '../../mcp/worker-client.ts';
import { CliError, usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';

/** A whole number option within bounds, or a usage error that says the range. */
export function checkWhole(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  example: number,
): void {
  if (value === undefined) return;
  const n = Number(value);
  if (/^\d+$/.test(value.trim()) && n >= min && n <= max) return;
  throw usage(
    `--${name} ${value}: expected a whole number from ${min} to ${max.toLocaleString('en-US')}, as in --${name} ${example}`,
  );
}

/** One of `choices`, or a usage error that lists them and names the nearest. */
export function checkChoice(name: string, value: string | undefined, choices: readonly string[]) {
  if (value === undefined || choices.includes(value)) return;
  throw usage(
    `--${name} ${value}: expected one of ${choices.join(', ')}.${didYouMean(value, choices)}`,
  );
}

/** `--type T[,T]`: each one a known observation type. */
export function checkTypes(value: string | undefined): void {
  for (const type of (value ?? '').split(',').filter((part) => part.trim() !== '')) {
    checkChoice('type', type.trim(), OBSERVATION_TYPES);
  }
}

/** The project names the worker has memory for. */
export async function knownProjects(call: WorkerCall): Promise<string[]> {
  const res = await call('GET', '/api/projects');
  const items = (res.body as { items?: Array<{ name: string }> } | undefined)?.items ?? [];
  return items.map((item) => item.name);
}

/**
 * A project the user named (`--project P`) that has no memory at all is an error, not silence;
 * `hint` says what else to do (commands without `--all` pass their own).
 */
export async function checkProject(
  call: WorkerCall,
  project: string | undefined,
  hint = 'check the name, or use --all.',
): Promise<void> {
  if (project === undefined) return;
  const known = await knownProjects(call);
  if (known.includes(project)) return;
  const list =
    known.length > 0
      ? `known projects: ${known.slice(0, 10).join(', ')}`
      : 'no project has memory yet';
  throw new CliError(
    `no memory for project "${project}" (${list}); ${hint}${didYouMean(project, known)}`,
  );
}
