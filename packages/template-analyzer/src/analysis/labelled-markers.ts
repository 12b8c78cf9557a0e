import type { TemplateAnalysis } from './analysis-types.js';

/** A label for people and the text it names. */
export type LabelledText = readonly [label: string, text: string];

const nonEmpty = (rows: readonly LabelledText[]): LabelledText[] => rows.filter(([, text]) => text !== '');

/**
 * The markers an analysis found, labelled for display in the order a turn reads them (user
 * and assistant starts, reasoning, content, tool section, call, function, arguments, call
 * id). Empty markers — the common case — are left out.
 */
export function labelledMarkers(analysis: TemplateAnalysis): LabelledText[] {
  const { reasoning, content, tools } = analysis;
  return nonEmpty([
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
  ]);
}

/** For JSON-native calls, the JSON field names the analysis found, labelled; none for other formats. */
export function labelledJsonFields(analysis: TemplateAnalysis): LabelledText[] {
  const format = analysis.tools.format;
  if (format.mode !== 'JSON_NATIVE') return [];
  return nonEmpty([
    ['function field', format.function_field],
    ['name field', format.name_field],
    ['arguments field', format.args_field],
    ['id field', format.id_field],
    ['generated id field', format.gen_id_field],
  ]);
}
