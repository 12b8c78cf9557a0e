import { analyzeTemplate } from '@autoparser/core';
import { labelledJsonFields, labelledMarkers, type TemplateAnalysis } from '@autoparser/template-analyzer';
import type { CliIo, Style } from '../cli-io.js';
import { cell, formatTable, showText } from '../format-table.js';
import { booleanFlag, parseCommandArgs, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate, type LoadedTemplate } from '../template-source.js';

function jsonFieldRows(analysis: TemplateAnalysis): (readonly [string, string])[] {
  const format = analysis.tools.format;
  if (format.mode !== 'JSON_NATIVE') return [];
  return [...labelledJsonFields(analysis), ['name is key', String(format.fun_name_is_key)], ['calls in array', String(format.tools_array_wrapped)]];
}

/** The human-readable analysis. */
function formatAnalysis(template: LoadedTemplate, analysis: TemplateAnalysis, style: Style): string[] {
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
  const markers = [...labelledMarkers(analysis), ...jsonFieldRows(analysis)];
  if (markers.length > 0) lines.push(...formatTable(['marker', 'text'], markers.map(([name, value]) => [cell(name), cell(showText(value))])), '');
  const yes = { shown: style.green('yes'), plain: 'yes' };
  const no = { shown: style.dim('no'), plain: 'no' };
  const flags = Object.entries(analysis.caps).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean' && entry[0].startsWith('supports_'));
  const caps = flags.map(([name, on]) => [cell(name.replace(/^supports_/, '')), on ? yes : no]);
  const levels = analysis.caps.reasoning_effort_levels ?? [];
  caps.push([cell('reasoning_effort'), levels.length > 0 ? { shown: style.green(levels.join(' ')), plain: levels.join(' ') } : no]);
  const preserve = analysis.caps.preserve_reasoning_variable;
  const switchText = preserve === undefined ? '' : `${preserve} (true ${analysis.caps.preserve_reasoning_keeps === true ? 'keeps' : 'drops'} it)`;
  caps.push([cell('past reasoning switch'), preserve === undefined ? no : { shown: style.green(switchText), plain: switchText }]);
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
export async function analyzeCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('analyze', argv, { json: { type: 'boolean' }, variant: { type: 'string' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const template = loadTemplate(templateArg('analyze', args), stringFlag(args, 'variant'));
  const analysis = analyzeTemplate(template.source, { plugins: await loadPlugins(args) });
  if (booleanFlag(args, 'json')) {
    io.stdout.write(`${JSON.stringify({ template: template.path, kind: template.kind, variant: template.variant ?? null, analysis }, null, 2)}\n`);
  } else {
    for (const line of formatAnalysis(template, analysis, style)) io.stdout.write(`${line}\n`);
  }
  return 0;
}
