import type { WorkaroundPlugin } from '../plugin.js';
import { KIMI_K2_TOKENS, kimiK2Format } from './kimi-k2/format.js';

const isKimiK2 = (source: string): boolean =>
  source.includes(KIMI_K2_TOKENS.sectionBegin) && source.includes(KIMI_K2_TOKENS.callBegin);

/**
 * Kimi K2: the model thinks between `<think>` tags that its templates never spell out, and
 * calls tools as `<|tool_call_begin|>functions.NAME:INDEX<|tool_call_argument_begin|>{…}`,
 * whose `functions.NAME:INDEX` is the call id — a format the general analysis cannot read.
 */
export const kimiK2Plugin: WorkaroundPlugin = {
  name: 'kimi-k2',
  description:
    'Kimi K2 models reason in <think>…</think>, which the templates do not show, and call tools by `functions.NAME:INDEX` ids; name the tags for prefilled turns and parse with a dedicated format.',
  matches: (source) => isKimiK2(source),
  render: { reasoningTags: { start: KIMI_K2_TOKENS.thinkStart, end: KIMI_K2_TOKENS.thinkEnd } },
  format: kimiK2Format,
};
