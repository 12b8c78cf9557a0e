import { checkTemplate } from '@autoparser/core';
import type { CliIo, Style } from '../cli-io.js';
import { formatTable, type Cell } from '../format-table.js';
import { booleanFlag, parseCommandArgs, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

/** `autoparser check <template> [--json] [--strict]`: 0 when nothing failed, 1 otherwise. */
export async function checkCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('check', argv, { json: { type: 'boolean' }, variant: { type: 'string' }, strict: { type: 'boolean' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const template = loadTemplate(templateArg('check', args), stringFlag(args, 'variant'));
  const report = checkTemplate(template.source, { plugins: await loadPlugins(args), strict: booleanFlag(args, 'strict') });
  if (booleanFlag(args, 'json')) {
    const scenarios = report.scenarios.map(({ name, passed, skipped, reason, stage, grammar, chunks }) => ({
      name,
      passed,
      ...(skipped === true ? { skipped } : {}),
      ...(reason === undefined ? {} : { reason }),
      ...(stage === undefined ? {} : { stage }),
      ...(grammar === undefined ? {} : { grammar }),
      ...(chunks === undefined ? {} : { chunks }),
    }));
    const summary = { template: template.path, format: report.format ?? null, scenarios, passed: report.passed, failed: report.failed, skipped: report.skipped };
    io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    const rows = report.scenarios.map((s): Cell[] => {
      const result = s.skipped === true ? { shown: style.dim('skip'), plain: 'skip' } : s.passed ? { shown: style.green('pass'), plain: 'pass' } : { shown: style.red('FAIL'), plain: 'FAIL' };
      const grammar = s.grammar === 'accepted' ? 'grammar accepts' : 'no grammar applies';
      const detail = s.reason ?? `parsed back equal; ${grammar}; streamed in ${s.chunks ?? 0} chunks alike`;
      return [{ shown: s.name, plain: s.name }, result, { shown: detail, plain: detail }];
    });
    io.stdout.write(`${style.bold('check')} ${template.path}\n`);
    io.stdout.write(`format ${report.format ?? 'none (no parser could be built)'}\n\n`);
    for (const line of formatTable(['scenario', 'result', 'detail'], rows)) io.stdout.write(`${line}\n`);
    io.stdout.write(`\n${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped\n`);
  }
  return report.failed > 0 ? 1 : 0;
}
