import type { ChatMessage, JsonValue, ToolDefinition } from '@autoparser/jinja';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';

/** One canonical assistant answer the `check` command round-trips. */
export interface CheckScenario {
  /** Short name shown in the table. */
  readonly name: string;
  /** The answer; tool-call arguments as JSON text. */
  readonly message: ChatMessage;
  /** Tools offered in the request (the called ones). */
  readonly tools: readonly ToolDefinition[];
  /** Several calls in one answer. */
  readonly parallel: boolean;
  /** Why the template cannot express this answer, when it cannot. */
  readonly skip: string | undefined;
}

/** The conversation every scenario answers. */
export const CHECK_CONVERSATION: readonly ChatMessage[] = [{ role: 'user', content: 'Hello! Can you help me?' }];

/** Arguments covering every JSON type, a multi-line string with both quote kinds, and non-ASCII text. */
const TYPED_ARGUMENTS: { readonly [key: string]: JsonValue } = {
  text: 'first line\nsecond "quoted" line with \'single\' quotes',
  count: 42.5,
  flag: true,
  nothing: null,
  options: { unit: 'celsius', depth: 2 },
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
        options: { type: 'object', properties: { unit: { type: 'string' }, depth: { type: 'integer' } } },
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

// Nine alphanumeric characters: the strictest id format a template checks (Mistral's).
const call = (id: string, name: string, args: { readonly [key: string]: JsonValue }) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});

/**
 * The canonical answers for a template: content only; reasoning + content when the
 * analysis found reasoning; one call with typed arguments and two parallel calls when the
 * template renders tool calls. Scenarios the template cannot express carry `skip`.
 */
export function checkScenarios(analysis: TemplateAnalysis): CheckScenario[] {
  const noTools = analysis.caps.supports_tool_calls && analysis.tools.format.mode !== 'NONE' ? undefined : 'the template has no tool-call format';
  const noParallel = noTools ?? (analysis.caps.supports_parallel_tool_calls ? undefined : 'the template renders only one call per turn');
  // A template that cannot render a null content gets '' (what llama.cpp passes it too).
  const callContent = analysis.content.requires_nonnull_content ? '' : null;
  return [
    {
      name: 'content',
      message: { role: 'assistant', content: 'Sure! Here is a "quoted" word.\nAnd a second line.' },
      tools: [],
      parallel: false,
      skip: undefined,
    },
    {
      name: 'reasoning + content',
      message: {
        role: 'assistant',
        reasoning_content: 'The user greets me.\nI should answer politely.',
        content: 'Of course, what do you need?',
      },
      tools: [],
      parallel: false,
      skip: analysis.reasoning.mode === 'NONE' ? 'the analysis found no reasoning' : undefined,
    },
    {
      name: 'tool call',
      message: { role: 'assistant', content: callContent, tool_calls: [call('call00001', 'record_note', TYPED_ARGUMENTS)] },
      tools: [TYPED_TOOL],
      parallel: false,
      skip: noTools,
    },
    {
      name: 'parallel tool calls',
      message: {
        role: 'assistant',
        content: callContent,
        tool_calls: [call('call00001', 'get_weather', { city: 'Paris' }), call('call00002', 'get_time', { zone: 'Europe/Paris' })],
      },
      tools: [WEATHER, TIME],
      parallel: true,
      skip: noParallel,
    },
  ];
}
