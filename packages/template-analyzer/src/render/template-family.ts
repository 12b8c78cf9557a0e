/**
 * Template families that the reference renders with adjustments: it patches two known
 * template bugs in the source, and its dedicated handlers reshape messages for Ministral
 * (reasoning and text as content blocks) and GPT-OSS (reasoning in a `thinking` field).
 * Families are recognised by the same source markers the reference uses.
 *
 * @internal
 */
import type { TemplateMessage } from './chat-messages.js';
import type { JsonValue } from './render-params.js';

/** A family whose messages need reshaping, or `'generic'`. */
export type TemplateFamily = 'ministral' | 'gpt-oss' | 'generic';

/** Which family `source` belongs to. */
export function templateFamily(source: string): TemplateFamily {
  if (source.includes('[SYSTEM_PROMPT]') && source.includes('[TOOL_CALLS]') && source.includes('[ARGS]') && !source.includes('[CALL_ID]')) {
    return 'ministral';
  }
  if (source.includes('<|channel|>')) return 'gpt-oss';
  return 'generic';
}

// Checks in these templates reject messages the reference produces itself; it disables them.
const SOURCE_PATCHES: readonly { readonly marker: string; readonly find: string }[] = [
  {
    marker: '<|channel|>',
    find: '{%- if "<|channel|>analysis<|message|>" in message.content or "<|channel|>final<|message|>" in message.content %}',
  },
  {
    marker: '[TOOL_CALLS]',
    find:
      "{%- if (message['content'] is none or message['content'] == '' or message['content']|length == 0) and " +
      "(message['tool_calls'] is not defined or message['tool_calls'] is none or message['tool_calls']|length == 0) %}",
  },
];

/** The source with the reference's known-bug patches applied. */
export function patchTemplateSource(source: string): string {
  let out = source;
  for (const { marker, find } of SOURCE_PATCHES) {
    if (out.includes(marker)) out = out.split(find).join('{%- if false %}');
  }
  return out;
}

function ministral(message: TemplateMessage): TemplateMessage {
  if (message.role !== 'system' && message.role !== 'assistant') return message;
  const blocks: JsonValue[] = [];
  if (typeof message.reasoning_content === 'string') blocks.push({ type: 'thinking', thinking: message.reasoning_content });
  if (typeof message.content === 'string') blocks.push({ type: 'text', text: message.content });
  else if (Array.isArray(message.content)) blocks.push(...message.content);
  const adjusted: TemplateMessage = { ...message, content: blocks };
  delete adjusted.reasoning_content;
  return adjusted;
}

/** The messages reshaped for the family's template. */
export function adjustForFamily(family: TemplateFamily, messages: TemplateMessage[]): TemplateMessage[] {
  if (family === 'ministral') return messages.map(ministral);
  if (family === 'gpt-oss') {
    return messages.map((m) => (typeof m.reasoning_content === 'string' ? { ...m, thinking: m.reasoning_content } : m));
  }
  return messages;
}
