import { cachedAnalysis } from '@autoparser/core';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import type { CliIo, Style } from '../cli-io.js';
import { cell, formatTable, showText } from '../format-table.js';
import { booleanFlag, parseCommandArgs, stringFlag, templateArg } from '../parse-command-args.js';
import { loadTemplate, type LoadedTemplate } from '../template-source.js';

function markerRows(analysis: TemplateAnalysis): [string, string][] {
  const { reasoning, content, tools } = analysis;
  const rows: [string, string][] = [
    ['user start', analysis.user_start],
    ['assistant start', analysis.assistant_start],
    ['reasoning start', reasoning.start],
    ['reasoning end', reasoning.end],
    ['content start', content.start],
    ['content end', content.end],
    ['tool section start', tools.format.section_start],
    ['tool section end', tools.format.section_end],
    ['per-call start', tools.format.per_call_start],
    ['per-call end', tools.format.per_call_end],
    ['function name prefix', tools.function.name_prefix],
    ['function name suffix', tools.function.name_suffix],
    ['function close', tools.function.close],
    ['arguments start', tools.arguments.start],
    ['arguments end', tools.arguments.end],
    ['argument name prefix', tools.arguments.name_prefix],
    ['argument name suffix', tools.arguments.name_suffix],
    ['argument value prefix', tools.arguments.value_prefix],
    ['argument value suffix', tools.arguments.value_suffix],
    ['argument separator', tools.arguments.separator],
    ['call id prefix', tools.call_id.prefix],
    ['call id suffix', tools.call_id.suffix],
  ];
  // Empty markers are the common case and would drown the ones that matter.
  return rows.filter(([, value]) => value !== '');
}

function jsonFieldRows(analysis: TemplateAnalysis): [string, string][] {
  const format = analysis.tools.format;
  if (format.mode !== 'JSON_NATIVE') return [];
  const rows: [string, string][] = [
    ['function field', format.function_field],
    ['name field', format.name_field],
    ['arguments field', format.args_field],
    ['id field', format.id_field],
    ['generated id field', format.gen_id_field],
  ];
  return [
    ...rows.filter(([, value]) => value !== ''),
    ['name is key', String(format.fun_name_is_key)],
    ['calls in array', String(format.tools_array_wrapped)],
  ];
}

/** The human-readable analysis. */
export function formatAnalysis(template: LoadedTemplate, analysis: TemplateAnalysis, style: Style): string[] {
  const lines: string[] = [];
  const source = template.variant === undefined ? template.kind : `${template.kind}, variant ${template.variant}`;
  lines.push(`${style.bold('template')}  ${template.path} (${source})`, '');
  lines.push(
    ...formatTable(
      ['mode', 'value'],
      [
        [cell('reasoning'), cell(analysis.reasoning.mode)],
        [cell('content'), cell(analysis.content.mode)],
        [cell('tool calls'), cell(analysis.tools.format.mode)],
        [cell('call id'), cell(analysis.tools.call_id.pos)],
      ],
    ),
    '',
  );
  const markers = [...markerRows(analysis), ...jsonFieldRows(analysis)];
  if (markers.length > 0) lines.push(...formatTable(['marker', 'text'], markers.map(([name, value]) => [cell(name), cell(showText(value))])), '');
  const caps = Object.entries(analysis.caps).map(([name, on]) => [cell(name.replace(/^supports_/, '')), on ? { shown: style.green('yes'), plain: 'yes' } : { shown: style.dim('no'), plain: 'no' }]);
  lines.push(...formatTable(['capability', 'supported'], caps), '');
  lines.push(`${style.bold('plugins')}           ${analysis.appliedPlugins.length > 0 ? analysis.appliedPlugins.join(', ') : '—'}`);
  lines.push(`${style.bold('preserved tokens')}  ${analysis.preserved_tokens.length > 0 ? analysis.preserved_tokens.map((t) => JSON.stringify(t)).join(' ') : '—'}`);
  if (analysis.warnings.length === 0) lines.push(`${style.bold('warnings')}          —`);
  else {
    lines.push(style.bold('warnings'));
    for (const warning of analysis.warnings) lines.push(`  ${style.yellow(warning.phase)}: ${warning.message}`);
  }
  return lines;
}

/** `autoparser analyze <template> [--json]`. */
export function analyzeCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): number {
  const args = parseCommandArgs('analyze', argv, { json: { type: 'boolean' }, variant: { type: 'string' } });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const template = loadTemplate(templateArg('analyze', args), stringFlag(args, 'variant'));
  const analysis = cachedAnalysis(template.source);
  if (booleanFlag(args, 'json')) {
    io.stdout.write(`${JSON.stringify({ template: template.path, kind: template.kind, variant: template.variant ?? null, analysis }, null, 2)}\n`);
  } else {
    for (const line of formatAnalysis(template, analysis, style)) io.stdout.write(`${line}\n`);
  }
  return 0;
}
