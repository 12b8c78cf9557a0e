import type { WorkaroundPlugin } from '../plugin.js';
import { DSML, dsmlFormat, dsmlMarkers } from './deepseek-v3-2/dsml-format.js';

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
 * DeepSeek V3.2 writes tool calls in DSML markup: a `<｜DSML｜function_calls>` block of
 * `<｜DSML｜invoke name="…">` calls whose `<｜DSML｜parameter name="…" string="true|false">`
 * values are raw text or JSON by the `string` attribute, which the general analysis reads
 * as a single spelling. The dedicated format takes both, by each parameter's schema.
 */
export const deepseekV32Plugin: WorkaroundPlugin = {
  name: 'deepseek-v3.2',
  description: 'DeepSeek V3.2 DSML tool calls: <｜DSML｜invoke> with string="true" raw or string="false" JSON parameters.',
  matches: (source) => dsmlBlock(source) !== undefined,
  format: (ctx) => {
    const block = dsmlBlock(ctx.templateSource);
    return block === undefined ? undefined : dsmlFormat(ctx.builder, ctx.request, dsmlMarkers(block));
  },
};
