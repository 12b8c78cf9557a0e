import type { TemplateAnalysis } from '@autoparser/template-analyzer';

/** A name and its value, as shown in a two-column table. */
export type Row = readonly [name: string, value: string];

/** What the analysis found, grouped for display. */
export interface AnalysisSummary {
  readonly modes: readonly Row[];
  /** Markers the analysis found (empty ones left out: they are the common case). */
  readonly markers: readonly Row[];
  readonly capabilities: readonly Row[];
  readonly plugins: readonly string[];
  readonly preservedTokens: readonly string[];
  readonly warnings: readonly Row[];
}

function markerRows(analysis: TemplateAnalysis): Row[] {
  const { reasoning, content, tools } = analysis;
  const rows: Row[] = [
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
  if (tools.format.mode === 'JSON_NATIVE') {
    rows.push(
      ['function field', tools.format.function_field],
      ['name field', tools.format.name_field],
      ['arguments field', tools.format.args_field],
      ['id field', tools.format.id_field],
      ['generated id field', tools.format.gen_id_field],
    );
  }
  return rows.filter(([, value]) => value !== '').map(([name, value]) => [name, JSON.stringify(value)]);
}

/** The analysis as the tables the debugger shows (the same rows as `autoparser analyze`). */
export function summarizeAnalysis(analysis: TemplateAnalysis): AnalysisSummary {
  const modes: Row[] = [
    ['reasoning', analysis.reasoning.mode],
    ['content', analysis.content.mode],
    ['tool calls', analysis.tools.format.mode],
    ['call id', analysis.tools.call_id.pos],
  ];
  if (analysis.tools.format.mode === 'JSON_NATIVE') {
    modes.push(['name is key', String(analysis.tools.format.fun_name_is_key)], ['calls in array', String(analysis.tools.format.tools_array_wrapped)]);
  }
  return {
    modes,
    markers: markerRows(analysis),
    capabilities: Object.entries(analysis.caps).map(([name, on]): Row => [name.replace(/^supports_/, ''), on ? 'yes' : 'no']),
    plugins: analysis.appliedPlugins,
    preservedTokens: analysis.preserved_tokens,
    warnings: analysis.warnings.map((w): Row => [w.phase, w.message]),
  };
}
