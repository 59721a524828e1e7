import type { Changeset } from '../../domain/index.ts';

const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const clip = (text: string): string => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/**
 * A changeset as a diff a person reads: each merge's kept memory (`=`), the ones folded into it
 * (`-`), each drop with its reason. The last line says how to go on.
 */
export function changesetDiff(changeset: Changeset, applied: boolean): string[] {
  const head = `consolidate ${changeset.project}: ${plural(changeset.merges.length, 'merge')}, ${plural(changeset.drops.length, 'drop')} (of ${plural(changeset.considered, 'memory', 'memories')} of your own, unshared)`;
  const lines = [head];
  for (const merge of changeset.merges) {
    lines.push(`merge into #${merge.into}:`);
    lines.push(`  = #${merge.into} ${clip(merge.titles[0] ?? '')}`);
    merge.from.forEach((id, i) => lines.push(`  - #${id} ${clip(merge.titles[i + 1] ?? '')}`));
  }
  for (const drop of changeset.drops)
    lines.push(`drop #${drop.id} (${drop.reason}): ${clip(drop.title)}`);
  if (changeset.merges.length + changeset.drops.length === 0) lines.push('nothing to consolidate');
  else if (applied)
    lines.push(
      `applied as #${changeset.journalId}; undo: claude-mem consolidate --undo ${changeset.journalId}`,
    );
  else lines.push('nothing changed; apply with: claude-mem consolidate --apply');
  return lines;
}
