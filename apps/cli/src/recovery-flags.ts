import { isRecoveryRuleId, recoveryRules, type RecoveryOptions } from '@autoparser/core';
import { CliError } from './cli-error.js';
import type { CommandArgs } from './parse-command-args.js';

/** The flag that turns single recovery rules off (for `parseCommandArgs`). */
export const RECOVERY_FLAGS = {
  'no-recovery': { type: 'string', multiple: true },
} as const;

const BUILTIN: ReadonlySet<string> = new Set(recoveryRules.map((rule) => rule.id));

/** Edit distance (insertions, deletions, substitutions) between `a` and `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The rule ids closest to a misspelt `id` (within three edits), as a hint. */
function near(id: string): string[] {
  const scored = [...BUILTIN].map((known) => ({ known, d: distance(id, known) })).filter(({ d }) => d <= 3);
  const best = Math.min(...scored.map(({ d }) => d));
  return scored.filter(({ d }) => d === best).map(({ known }) => known);
}

/** The recovery options the `--no-recovery ID` flags ask for; a usage error for an id that names no rule. */
export function recoveryOptions(args: CommandArgs): RecoveryOptions {
  const given = args.values['no-recovery'];
  const ids = Array.isArray(given) ? given.filter((id): id is string => typeof id === 'string') : [];
  for (const id of ids) {
    if (isRecoveryRuleId(id)) continue;
    const similar = near(id);
    throw new CliError(`--no-recovery ${id}: no recovery rule has this id`, similar.length > 0 ? `did you mean ${similar.join(', ')}? autoparser recoveries lists them all` : 'autoparser recoveries lists the rules');
  }
  return { disable: ids.filter(isRecoveryRuleId) };
}
