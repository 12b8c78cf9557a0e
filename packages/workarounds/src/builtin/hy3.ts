import type { WorkaroundPlugin } from '../plugin.js';

/** Where Hy3's template defaults its thinking switch when the caller passes none. */
const DEFAULT_EFFORT = "{%- set reasoning_effort = 'no_think' %}";

/** The same default, following `enable_thinking` as the other templates do. */
const EFFORT_FROM_ENABLE_THINKING = "{%- set reasoning_effort = 'high' if (enable_thinking is defined and enable_thinking) else 'no_think' %}";

/**
 * Tencent Hy3 switches thinking with its own `reasoning_effort` variable (`no_think` by
 * default, `low`/`high` open `<think:opensource>` in the generation prompt) and ignores
 * `enable_thinking`, so neither the analysis nor a request could ever turn thinking on.
 * The render patch makes an absent `reasoning_effort` follow `enable_thinking`; a
 * `reasoning_effort` passed in `chat_template_kwargs` still wins.
 */
export const hy3Plugin: WorkaroundPlugin = {
  name: 'hy3',
  description: 'Hy3 thinks by its reasoning_effort variable only: an absent one follows enable_thinking (high or no_think).',
  matches: (source) => source.includes(DEFAULT_EFFORT) && source.includes('<think{}>') && source.includes('reasoning_effort'),
  render: { patchSource: (source) => source.split(DEFAULT_EFFORT).join(EFFORT_FROM_ENABLE_THINKING) },
};
