import type { RenderJson, RenderMessage, WorkaroundPlugin } from '../plugin.js';
import { mistralFormat } from './ministral/format.js';

// The template rejects an assistant turn with neither content nor tool calls, which a
// reasoning-only prefill is; the reference disables that check.
const EMPTY_TURN_CHECK =
  "{%- if (message['content'] is none or message['content'] == '' or message['content']|length == 0) and " +
  "(message['tool_calls'] is not defined or message['tool_calls'] is none or message['tool_calls']|length == 0) %}";

function asBlocks(message: RenderMessage): RenderMessage {
  if (message.role !== 'system' && message.role !== 'assistant') return message;
  const blocks: RenderJson[] = [];
  if (typeof message.reasoning_content === 'string') blocks.push({ type: 'thinking', thinking: message.reasoning_content });
  if (typeof message.content === 'string') blocks.push({ type: 'text', text: message.content });
  else if (Array.isArray(message.content)) blocks.push(...message.content);
  const { reasoning_content: _dropped, ...rest } = message;
  return { ...rest, content: blocks };
}

// The tokenizer-v13 templates (Ministral 3, Magistral, Devstral Small 2, Unsloth's Devstral):
// calls written `[TOOL_CALLS]NAME[ARGS]{json}`, with no call id. Templates with `[CALL_ID]`
// (Mistral Small 3.2) are read well by the general analysis.
const isMistralV13 = (source: string): boolean =>
  source.includes('[SYSTEM_PROMPT]') && source.includes('[TOOL_CALLS]') && source.includes('[ARGS]') && !source.includes('[CALL_ID]');

/**
 * Ministral 3 / Magistral / Devstral: system and assistant turns as `thinking`/`text` content
 * blocks at render time, and a dedicated format for `[THINK]` reasoning and
 * `[TOOL_CALLS]NAME[ARGS]{json}` calls, which the general analysis cannot cut apart.
 */
export const ministralPlugin: WorkaroundPlugin = {
  name: 'ministral',
  description:
    'Ministral 3 / Devstral read reasoning and text as content blocks, reject empty turns and write [TOOL_CALLS]NAME[ARGS]{json}: pass blocks, disable the check, parse with a dedicated format.',
  matches: (source) => isMistralV13(source),
  render: {
    patchSource: (source) => source.split(EMPTY_TURN_CHECK).join('{%- if false %}'),
    adjustMessages: (messages) => messages.map(asBlocks),
  },
  format: mistralFormat,
};
