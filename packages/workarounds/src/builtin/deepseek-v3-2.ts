import type { WorkaroundPlugin } from '../plugin.js';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import { DSML, dsmlFormat, dsmlMarkers, dsmlMarkersOf, type DsmlMarkers } from './deepseek-v3-2/dsml-format.js';

/**
 * The name of the DSML call block the template writes: V3.2 calls it `function_calls`;
 * later DSML templates `tool_calls`.
 */
function dsmlBlock(source: string): string | undefined {
  if (!source.includes(DSML) || !source.includes('invoke name=') || !source.includes('parameter name=')) return undefined;
  if (source.includes('function_calls>')) return 'function_calls';
  if (source.includes('tool_calls>')) return 'tool_calls';
  return undefined;
}

/**
 * The markers of the template's DSML dialect: read from the analysis (any markup word,
 * block name and spacing, as DeepSeek V4 or GigaChat 3.5 write them), else V3.2's by the
 * block name in the source.
 */
function markersOf(source: string, analysis: TemplateAnalysis): DsmlMarkers | undefined {
  const found = analysis.tools.format.mode === 'TAG_WITH_TAGGED' ? dsmlMarkersOf(analysis.tools) : undefined;
  if (found !== undefined) return found;
  const block = dsmlBlock(source);
  return block === undefined ? undefined : dsmlMarkers(block);
}

/** Tagged parameters with a typed `string="true|false"` attribute, in any markup dialect. */
const typedParameters = (source: string): boolean => source.includes('invoke name=') && source.includes('parameter name=') && source.includes('string=');

/**
 * DeepSeek V3.2 writes tool calls in DSML markup: a `<｜DSML｜function_calls>` block of
 * `<｜DSML｜invoke name="…">` calls whose `<｜DSML｜parameter name="…" string="true|false">`
 * values are raw text or JSON by the `string` attribute, which the general analysis reads
 * as a single spelling. The dedicated format takes both, by each parameter's schema.
 */
export const deepseekV32Plugin: WorkaroundPlugin = {
  name: 'deepseek-v3.2',
  description: 'DSML tool calls (DeepSeek V3.2/V4, GigaChat 3.5): <｜DSML｜invoke> with string="true" raw or string="false" JSON parameters.',
  matches: (source) => dsmlBlock(source) !== undefined || typedParameters(source),
  format: (ctx) => {
    const markers = markersOf(ctx.templateSource, ctx.analysis);
    return markers === undefined ? undefined : dsmlFormat(ctx.builder, ctx.request, markers);
  },
};
