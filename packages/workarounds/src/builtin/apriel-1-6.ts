import type { WorkaroundPlugin } from '../plugin.js';

/** Apriel 1.6 adds reasoning boilerplate after its role headers. */
export const apriel16Plugin: WorkaroundPlugin = {
  name: 'apriel-1.6',
  description: 'Apriel 1.6 turns open with <|begin_user|> and <|begin_assistant|>.',
  matches: (source) => source.includes("if not loop.last and '[BEGIN FINAL RESPONSE]' in asst_text"),
  patchAnalysis: (analysis) => ({ ...analysis, user_start: '<|begin_user|>', assistant_start: '<|begin_assistant|>' }),
};
