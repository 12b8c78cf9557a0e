import { labelledJsonFields, labelledMarkers, type TemplateAnalysis } from '@autoparser/template-analyzer';

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
  return [...labelledMarkers(analysis), ...labelledJsonFields(analysis)].map(([name, value]) => [name, JSON.stringify(value)]);
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
