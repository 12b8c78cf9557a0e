import type { WorkaroundPlugin } from '../plugin.js';
import { R1, r1ToolsFormat } from './deepseek-r1/r1-format.js';
import { PROBE_CALL_NAME, renderedCall } from './rendered-call.js';

/**
 * Templates that render R1's calls: `…<｜tool▁sep｜>NAME` followed by a fenced JSON block.
 * A template may build the fence's language out of a variable, so when the source does not
 * spell it out, a rendered call decides.
 */
const rendersR1Calls = (source: string): boolean =>
  source.includes(R1.sectionStart) &&
  source.includes(R1.callStart) &&
  source.includes(R1.sep) &&
  (source.includes('```json') || renderedCall(source).includes(`${R1.sep}${PROBE_CALL_NAME}\n\`\`\`json`));

/**
 * DeepSeek R1 (and its distills): the general format reads only the calls exactly as the
 * template renders them, and none at all for the Llama distill, whose template shows calls
 * only for messages without content. R1 models also write the section start misspelt,
 * drop the call start, write `function<NAME>`, or leave the section out altogether; the
 * dedicated format recovers those (unless the request is strict) while its grammar keeps to
 * the rendered form.
 */
export const deepseekR1Plugin: WorkaroundPlugin = {
  name: 'deepseek-r1',
  description: 'DeepSeek R1 tool calls: the rendered <｜tool▁calls▁begin｜> form in the grammar; its known variants parsed too.',
  matches: rendersR1Calls,
  format: (ctx) => {
    const { request } = ctx;
    if (request.tools.length === 0 || request.toolChoice === 'none' || request.responseSchema !== undefined) return undefined;
    return r1ToolsFormat(ctx.builder, request);
  },
};
