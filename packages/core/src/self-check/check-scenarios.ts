import type { ChatMessage, JsonValue, ToolDefinition } from '@autoparser/jinja';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import type { ResponseFormat, ToolChoice } from '../chat-request.js';

/** One canonical assistant answer the `check` command round-trips. */
export interface CheckScenario {
  /** Short name shown in the table. */
  readonly name: string;
  /** The answer; tool-call arguments as JSON text. */
  readonly message: ChatMessage;
  /** Tools offered in the request. */
  readonly tools: readonly ToolDefinition[];
  /** Several calls in one answer. */
  readonly parallel: boolean;
  /** Why the template cannot express this answer, when it cannot (read from its capabilities). */
  readonly skip: string | undefined;
  /** The conversation the answer follows (default: one user message asking for help). */
  readonly conversation?: readonly ChatMessage[] | undefined;
  /** The request's `tool_choice` (default `auto`). */
  readonly toolChoice?: ToolChoice | undefined;
  /** The request's `response_format`. */
  readonly responseFormat?: ResponseFormat | undefined;
  /** The request's `enable_thinking` (default true). */
  readonly enableThinking?: boolean | undefined;
}

/** What rendering probes found the template able to express, beyond the analysis' `caps`. */
export interface ScenarioCapabilities {
  /** The template renders reasoning (a finished turn's `reasoning_content`, or a thinking switch). */
  readonly reasoning: boolean;
}

/** The conversation every scenario answers. */
export const CHECK_CONVERSATION: readonly ChatMessage[] = [{ role: 'user', content: 'Hello! Can you help me?' }];

/**
 * Arguments covering every JSON type (nested objects and arrays, null, integers and floats,
 * booleans), a multi-line string with both quote kinds, and non-ASCII text. Nested no
 * deeper than a JSON grammar's indentation allows (the reference's allows 20 spaces).
 */
const TYPED_ARGUMENTS: { readonly [key: string]: JsonValue } = {
  text: 'first line\nsecond "quoted" line with \'single\' quotes',
  count: 42.5,
  flag: true,
  nothing: null,
  options: { unit: 'celsius', depth: -2, limits: [0.5, false] },
  items: ['a', 'b c'],
  city: 'Zürich — 東京 🌤',
};

const TYPED_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'record_note',
    description: 'Stores a note with typed fields.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        count: { type: 'number' },
        flag: { type: 'boolean' },
        // Optional[int] as Pydantic writes it, rather than a bare `type: 'null'`: templates
        // that map schema types to Python names recurse forever on 'null' (a string "is
        // iterable"), in Python as here.
        nothing: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        options: {
          type: 'object',
          properties: {
            unit: { type: 'string' },
            depth: { type: 'integer' },
            limits: { type: 'array' },
          },
        },
        items: { type: 'array', items: { type: 'string' } },
        city: { type: 'string' },
      },
      required: ['text', 'count', 'flag', 'nothing', 'options', 'items', 'city'],
    },
  },
};

const simpleTool = (name: string, parameter: string): ToolDefinition => ({
  type: 'function',
  function: {
    name,
    description: `Looks up ${parameter}.`,
    parameters: { type: 'object', properties: { [parameter]: { type: 'string' } }, required: [parameter] },
  },
});

const WEATHER = simpleTool('get_weather', 'city');
const TIME = simpleTool('get_time', 'zone');

/** The schema of the response-format scenario. */
const ANSWER_SCHEMA: JsonValue = {
  type: 'object',
  properties: { answer: { type: 'string' }, confidence: { type: 'number' }, sources: { type: 'array', items: { type: 'string' } } },
  required: ['answer', 'confidence', 'sources'],
  additionalProperties: false,
};

// Nine alphanumeric characters: the strictest id format a template checks (Mistral's).
const call = (id: string, name: string, args: { readonly [key: string]: JsonValue }) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});

/**
 * The canonical answers for a template: content; reasoning + content, and content with
 * thinking switched off; one call; one call with arguments of every JSON type; parallel
 * calls; `tool_choice` required and named; a response schema; an answer after a tool result.
 * A scenario is skipped only for what the template's capabilities (rendering probes) say it
 * cannot express — never for what the analysis did not find: that is a failure to report.
 *
 * @param capabilities - probes beyond `analysis.caps`; without them reasoning counts as
 *   expressible when the analysis found it.
 */
export function checkScenarios(analysis: TemplateAnalysis, capabilities?: ScenarioCapabilities): CheckScenario[] {
  const { caps } = analysis;
  const noTools = caps.supports_tool_calls ? undefined : 'the template never renders tool calls';
  const noParallel = noTools ?? (caps.supports_parallel_tool_calls ? undefined : 'the template renders only one call per turn');
  const noResults = noTools ?? (caps.supports_tool_responses ? undefined : 'the template never renders tool results');
  const reasoning = capabilities?.reasoning ?? analysis.reasoning.mode !== 'NONE';
  const noReasoning = reasoning ? undefined : 'the template has no reasoning';
  const noSwitch = caps.supports_enable_thinking ? undefined : 'the template has no thinking switch';
  // A template that cannot render a null content gets '' (what llama.cpp passes it too).
  const callContent = analysis.content.requires_nonnull_content ? '' : null;
  const weatherCall = call('call00001', 'get_weather', { city: 'Paris' });
  const base = { tools: [], parallel: false } as const;
  return [
    { ...base, name: 'content', message: { role: 'assistant', content: 'Sure! Here is a "quoted" word.\nAnd a second line.' }, skip: undefined },
    {
      ...base,
      name: 'reasoning + content',
      message: {
        role: 'assistant',
        reasoning_content: 'The user greets me.\nI should answer politely.',
        content: 'Of course, what do you need?',
      },
      skip: noReasoning,
    },
    {
      ...base,
      name: 'thinking off',
      message: { role: 'assistant', content: 'Of course, what do you need?' },
      enableThinking: false,
      skip: noSwitch,
    },
    {
      ...base,
      name: 'tool call',
      message: { role: 'assistant', content: callContent, tool_calls: [weatherCall] },
      tools: [WEATHER],
      skip: noTools,
    },
    {
      ...base,
      name: 'typed arguments',
      message: { role: 'assistant', content: callContent, tool_calls: [call('call00001', 'record_note', TYPED_ARGUMENTS)] },
      tools: [TYPED_TOOL],
      skip: noTools,
    },
    {
      name: 'parallel tool calls',
      message: {
        role: 'assistant',
        content: callContent,
        tool_calls: [weatherCall, call('call00002', 'get_time', { zone: 'Europe/Paris' })],
      },
      tools: [WEATHER, TIME],
      parallel: true,
      skip: noParallel,
    },
    {
      ...base,
      name: 'tool_choice required',
      message: { role: 'assistant', content: callContent, tool_calls: [weatherCall] },
      tools: [WEATHER, TIME],
      toolChoice: 'required',
      skip: noTools,
    },
    {
      ...base,
      name: 'tool_choice named',
      message: { role: 'assistant', content: callContent, tool_calls: [call('call00001', 'get_time', { zone: 'Asia/Tokyo' })] },
      tools: [WEATHER, TIME],
      toolChoice: { type: 'function', function: { name: 'get_time' } },
      skip: noTools,
    },
    {
      ...base,
      name: 'response schema',
      message: { role: 'assistant', content: JSON.stringify({ answer: 'Paris "centre"', confidence: 0.75, sources: ['atlas', 'wiki'] }) },
      responseFormat: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: ANSWER_SCHEMA } },
      skip: undefined,
    },
    {
      ...base,
      name: 'answer after tool result',
      conversation: [
        ...CHECK_CONVERSATION,
        { role: 'assistant', content: callContent, tool_calls: [weatherCall] },
        { role: 'tool', tool_call_id: 'call00001', content: '{"temperature": 18, "sky": "cloudy"}' },
      ],
      message: { role: 'assistant', content: 'It is 18 °C and cloudy in Paris.' },
      tools: [WEATHER],
      skip: noResults,
    },
  ];
}
