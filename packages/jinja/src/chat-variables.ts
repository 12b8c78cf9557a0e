/**
 * The variables a chat template is rendered with, in the reference's order: `messages`,
 * `bos_token`, `eos_token`, `enable_thinking`, `tools` (only when there are tools), the date
 * variables, the caller's extra kwargs, and `add_generation_prompt` (only when true).
 *
 * @internal
 */
import type { RenderPatched } from './apply-render-hooks.js';
import { shapeMessages } from './chat-messages.js';
import { TemplateRenderError } from './errors.js';
import type { ChatMessage, JsonValue, RenderParams, ToolDefinition } from './render-params.js';
import { strftime } from './strftime.js';
import { detectTemplateCaps } from './template-caps.js';
import { fromJson, type Value } from './values.js';

/** The render's instant: `params.now`, else the current time. */
export function renderInstant(params: RenderParams): Date {
  if (params.now === undefined) return new Date();
  const date = new Date(params.now);
  if (Number.isNaN(date.getTime())) throw new TemplateRenderError('invalid-params', `now is not a date: ${params.now}`);
  return date;
}

function shapeTool(tool: ToolDefinition): JsonValue {
  return {
    type: 'function',
    function: {
      name: tool.function.name,
      description: tool.function.description ?? '',
      parameters: tool.function.parameters ?? {},
    },
  };
}

/** Builds the template variables for `messages` (already marked for prefill, if any). */
export function chatVariables(
  patched: RenderPatched,
  params: RenderParams,
  messages: readonly ChatMessage[],
  addGenerationPrompt: boolean,
): Map<string, Value> {
  if (!Array.isArray(params.messages)) throw new TemplateRenderError('invalid-params', 'messages must be an array');
  const shaping = { ...detectTemplateCaps(patched.source), developerAsSystem: !patched.keepDeveloperRole };
  const shaped = patched.adjustMessages(shapeMessages(messages, shaping));
  const now = renderInstant(params);

  const vars = new Map<string, Value>([
    ['messages', fromJson(shaped)],
    ['bos_token', params.bos_token ?? ''],
    ['eos_token', params.eos_token ?? ''],
    ['enable_thinking', params.enable_thinking ?? true],
  ]);
  if (params.tools && params.tools.length > 0) vars.set('tools', fromJson(params.tools.map(shapeTool)));
  vars.set('datetime', strftime(now, '%b %d %Y'));
  vars.set('date_string', strftime(now, '%d %b %Y'));
  for (const [key, value] of Object.entries(params.chat_template_kwargs ?? {})) vars.set(key, fromJson(value));
  if (addGenerationPrompt) vars.set('add_generation_prompt', true);
  return vars;
}
