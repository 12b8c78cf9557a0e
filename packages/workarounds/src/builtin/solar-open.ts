import type { WorkaroundPlugin } from '../plugin.js';

/** Solar Open renders a past assistant turn with an empty `<|think|>` block after its header. */
export const solarOpenPlugin: WorkaroundPlugin = {
  name: 'solar-open',
  description: 'Solar Open assistant turns open with <|begin|>assistant (before the thinking block).',
  matches: (source) => source.includes('<|begin|>assistant<|think|><|end|>'),
  patchAnalysis: (analysis) => ({ ...analysis, assistant_start: '<|begin|>assistant' }),
};
