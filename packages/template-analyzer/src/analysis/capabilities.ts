import { PRESERVE_REASONING_VARIABLES, REASONING_EFFORT_CANDIDATES, type TemplateCaps } from './analysis-types.js';
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

const PAST_REASONING = 'CAP_PAST_REASONING_NEEDLE';
const UNKNOWN_EFFORT = 'CAP_UNKNOWN_EFFORT';

/**
 * The `reasoning_effort` levels: candidates whose generation prompt differs from an unknown
 * value's (a template that prints the value verbatim takes every candidate), or that render
 * where an unknown value is rejected.
 */
function reasoningEffortLevels(ctx: ProbeContext): string[] {
  // A template reads only variables it names: one that never names it ignores it (no renders).
  if (!ctx.source.includes('reasoning_effort')) return [];
  const render = (effort: string): string | undefined =>
    ctx.tryRender({ messages: [{ role: 'user', content: 'Hi' }], add_generation_prompt: true, enable_thinking: true, variables: { reasoning_effort: effort } });
  const unknown = render(UNKNOWN_EFFORT);
  return REASONING_EFFORT_CANDIDATES.filter((level) => {
    const prompt = render(level);
    return prompt !== undefined && prompt !== unknown;
  });
}

/**
 * The variable that switches the reasoning of past turns (see `preserve_reasoning_variable`):
 * the first whose `true` and `false` renders differ in showing a past turn's reasoning.
 */
function preserveReasoning(ctx: ProbeContext): Pick<TemplateCaps, 'preserve_reasoning_variable' | 'preserve_reasoning_keeps'> {
  const messages = [
    { role: 'user', content: 'User message' },
    { role: 'assistant', content: 'Assistant answer', reasoning_content: PAST_REASONING },
    { role: 'user', content: 'User message' },
    { role: 'assistant', content: 'Assistant answer', reasoning_content: 'Recent reasoning' },
    { role: 'user', content: 'User message' },
  ];
  const shows = (variable: string, value: boolean): boolean | undefined => {
    const prompt = ctx.tryRender({ messages, add_generation_prompt: true, enable_thinking: true, variables: { [variable]: value } });
    return prompt === undefined ? undefined : prompt.includes(PAST_REASONING);
  };
  for (const variable of PRESERVE_REASONING_VARIABLES) {
    if (!ctx.source.includes(variable)) continue;
    const on = shows(variable, true);
    const off = shows(variable, false);
    if (on !== undefined && off !== undefined && on !== off) return { preserve_reasoning_variable: variable, preserve_reasoning_keeps: on };
  }
  return {};
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
    reasoning_effort_levels: reasoningEffortLevels(ctx),
    ...preserveReasoning(ctx),
  };
}
