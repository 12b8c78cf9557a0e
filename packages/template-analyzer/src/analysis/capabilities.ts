import type { TemplateCaps } from './analysis-types.js';
import type { ProbeContext } from './probe-context.js';
import type { ProbeMessage, ProbeRenderParams } from './probe-renderer.js';

// Needles of the capability probes. The tool is declared under one name and called under
// others, so that a call name in the output cannot come from the tool list.
const DECLARED = 'CAP_DECLARED_TOOL';
const CALLED = 'CAP_CALLED_TOOL_ONE';
const CALLED_TWO = 'CAP_CALLED_TOOL_TWO';
const SYSTEM = 'CAP_SYSTEM_NEEDLE';
const TOOL_RESULT = 'CAP_TOOL_RESULT_NEEDLE';
const TYPED = 'CAP_TYPED_TEXT_NEEDLE';

const TOOLS: readonly ProbeMessage[] = [
  {
    type: 'function',
    function: {
      name: DECLARED,
      description: 'Tool description',
      parameters: { type: 'object', properties: { arg: { type: 'string', description: 'Arg' } }, required: ['arg'] },
    },
  },
];

function call(name: string, id: string, args: unknown): ProbeMessage {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** A conversation where the assistant calls `calls`, gets a result, and answers. */
function conversation(calls: ProbeMessage[]): ProbeRenderParams {
  return {
    messages: [
      { role: 'user', content: 'User message' },
      { role: 'assistant', content: '', tool_calls: calls },
      { role: 'tool', content: TOOL_RESULT, tool_call_id: 'call00001' },
      { role: 'assistant', content: 'The tool answered.' },
      { role: 'user', content: 'User message' },
    ],
    tools: TOOLS,
    add_generation_prompt: true,
    enable_thinking: true,
  };
}

function shows(ctx: ProbeContext, params: ProbeRenderParams, needle: string): boolean {
  return ctx.tryRender(params)?.includes(needle) ?? false;
}

/** Typed text parts render exactly as the same text given as a string (not as a list repr). */
function rendersTypedContent(ctx: ProbeContext): boolean {
  const asParams = (content: unknown): ProbeRenderParams => ({
    messages: [{ role: 'user', content }],
    add_generation_prompt: true,
    enable_thinking: true,
  });
  const typed = ctx.tryRender(asParams([{ type: 'text', text: TYPED }]));
  return typed !== undefined && typed.includes(TYPED) && typed === ctx.tryRender(asParams(TYPED));
}

/**
 * Probes what the template can express by rendering small conversations with needles
 * and looking for them in the output — never by reading the template's text.
 */
export function probeCapabilities(ctx: ProbeContext): TemplateCaps {
  const objectArgs = { arg: 'value' };
  const stringArgs = JSON.stringify(objectArgs);
  const objectCall = conversation([call(CALLED, 'call00001', objectArgs)]);
  const objectRender = ctx.tryRender(objectCall);
  // Templates that concatenate arguments as text reject objects; retry with a JSON string.
  const args = objectRender === undefined ? stringArgs : objectArgs;
  const single = objectRender ?? ctx.tryRender(conversation([call(CALLED, 'call00001', stringArgs)]));
  const supportsToolCalls = single?.includes(CALLED) ?? false;
  const parallel = conversation([call(CALLED, 'call00001', args), call(CALLED_TWO, 'call00002', args)]);

  const thinkingOff = ctx.tryRender({ messages: [{ role: 'user', content: 'Hi' }], add_generation_prompt: true, enable_thinking: false });
  const thinkingOn = ctx.tryRender({ messages: [{ role: 'user', content: 'Hi' }], add_generation_prompt: true, enable_thinking: true });

  return {
    supports_tool_calls: supportsToolCalls,
    supports_parallel_tool_calls: supportsToolCalls && shows(ctx, parallel, CALLED_TWO),
    supports_system_role: shows(
      ctx,
      {
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: 'User message' },
        ],
        add_generation_prompt: true,
        enable_thinking: true,
      },
      SYSTEM,
    ),
    supports_tool_responses: (objectRender ?? single)?.includes(TOOL_RESULT) ?? false,
    supports_typed_content: rendersTypedContent(ctx),
    supports_object_arguments: supportsToolCalls && objectRender !== undefined,
    supports_enable_thinking: thinkingOff !== undefined && thinkingOn !== undefined && thinkingOff !== thinkingOn,
  };
}
