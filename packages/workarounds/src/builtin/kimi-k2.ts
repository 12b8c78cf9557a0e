import type { WorkaroundPlugin } from '../plugin.js';

const isKimiK2 = (source: string): boolean =>
  source.includes('<|tool_calls_section_begin|>') && source.includes('<|tool_call_begin|>');

/** Kimi K2: the model thinks between `<think>` tags that its templates never spell out. */
export const kimiK2Plugin: WorkaroundPlugin = {
  name: 'kimi-k2',
  description: 'Kimi K2 models reason in <think>…</think>, which the templates do not show; name the tags for prefilled turns.',
  matches: (source) => isKimiK2(source),
  render: { reasoningTags: { start: '<think>', end: '</think>' } },
};
