import { recoveryRules } from '@autoparser/core';
import type { CliIo, Style } from '../cli-io.js';
import { cell, formatTable } from '../format-table.js';
import { booleanFlag, parseCommandArgs } from '../parse-command-args.js';

/** `autoparser recoveries [--json]`: the built-in recovery rules. */
export function recoveriesCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): number {
  const args = parseCommandArgs('recoveries', argv, { json: { type: 'boolean' } });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  if (booleanFlag(args, 'json')) {
    io.stdout.write(`${JSON.stringify(recoveryRules, null, 2)}\n`);
    return 0;
  }
  const rows = recoveryRules.map((rule) => [{ shown: style.bold(rule.id), plain: rule.id }, cell(rule.site), cell(rule.description)]);
  io.stdout.write(`${formatTable(['rule', 'site', 'what it reads'], rows).join('\n')}\n`);
  return 0;
}
