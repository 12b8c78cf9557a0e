import type { WorkaroundPlugin } from '../plugin.js';
import { harmonyFormat } from './gpt-oss/harmony-format.js';

// The template refuses messages whose content holds channel markers, which the reference's
// own prefill produces; the reference disables that check.
const CHANNEL_CHECK =
  '{%- if "<|channel|>analysis<|message|>" in message.content or "<|channel|>final<|message|>" in message.content %}';

const isGptOss = (source: string): boolean =>
  source.includes('<|channel|>');

/**
 * GPT-OSS (harmony): reasoning goes in a `thinking` field, `developer` stays a role of its
 * own, and a content check is disabled. Its output is a series of channel messages, which
 * the general analysis cannot express: a dedicated format reads them.
 */
export const gptOssPlugin: WorkaroundPlugin = {
  name: 'gpt-oss',
  description:
    'GPT-OSS reads reasoning from `thinking` and rejects channel markers in content (pass it so, disable the check); its harmony channels get a dedicated parser.',
  matches: (source) => isGptOss(source),
  render: {
    keepDeveloperRole: true,
    patchSource: (source) => source.split(CHANNEL_CHECK).join('{%- if false %}'),
    adjustMessages: (messages) =>
      messages.map((m) => (typeof m.reasoning_content === 'string' ? { ...m, thinking: m.reasoning_content } : m)),
  },
  format: harmonyFormat,
};
