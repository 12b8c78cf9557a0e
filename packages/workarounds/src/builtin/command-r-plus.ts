import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Command R+ wraps every answer in `<|CHATBOT_TOKEN|>…<|END_OF_TURN_TOKEN|>`, which the
 * content diff cannot isolate because the same tokens open and close every turn.
 */
export const commandRPlusPlugin: WorkaroundPlugin = {
  name: 'command-r-plus',
  description:
    'Command R+ content sits between <|CHATBOT_TOKEN|> and <|END_OF_TURN_TOKEN|>; user turns open with <|START_OF_TURN_TOKEN|><|USER_TOKEN|>.',
  matches: (source) => source.includes('<|CHATBOT_TOKEN|>') && source.includes('<|END_OF_TURN_TOKEN|>'),
  // Content markers the analysis did find are kept.
  patchAnalysis: (analysis) =>
    analysis.content.start !== '' ? analysis : {
    ...analysis,
    content: { ...analysis.content, mode: 'ALWAYS_WRAPPED', start: '<|CHATBOT_TOKEN|>', end: '<|END_OF_TURN_TOKEN|>' },
    preserved_tokens: [...analysis.preserved_tokens, '<|CHATBOT_TOKEN|>', '<|END_OF_TURN_TOKEN|>'],
    user_start: '<|START_OF_TURN_TOKEN|><|USER_TOKEN|>',
  },
};
