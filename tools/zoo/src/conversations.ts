/**
 * The conversations every zoo template is rendered with, by our engine and by Python's
 * Jinja2, as the variables a chat template sees (the same JSON on both sides).
 */

/** One conversation: a name and the template variables. */
export interface ZooConversation {
  readonly name: string;
  readonly variables: { readonly [name: string]: unknown };
}

/** The special tokens both renderers pass, as a tokenizer config would. */
const TOKENS = { bos_token: '<s>', eos_token: '</s>' };

/** The instant `strftime_now` formats on both sides (UTC; Python's side is naive). */
export const RENDER_NOW = '2026-01-15T10:30:00';

const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Gets the weather of a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city, e.g. "Paris".' }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
};

// Arguments as an object, as transformers' users pass them (templates call `tojson` on them).
const WEATHER_CALL = { id: 'call00001', type: 'function', function: { name: 'get_weather', arguments: { city: 'Zürich', days: 2 } } };

const USER = { role: 'user', content: 'What is the weather in Zürich? Answer "briefly".' };

/** Plain, system, tools, tool results, reasoning and multi-turn conversations. */
export const ZOO_CONVERSATIONS: readonly ZooConversation[] = [
  { name: 'plain', variables: { ...TOKENS, messages: [USER], add_generation_prompt: true } },
  {
    name: 'system',
    variables: { ...TOKENS, messages: [{ role: 'system', content: 'You are terse.\nUse metric units.' }, USER], add_generation_prompt: true },
  },
  { name: 'tools', variables: { ...TOKENS, messages: [USER], tools: [WEATHER_TOOL], add_generation_prompt: true } },
  {
    name: 'tool results',
    variables: {
      ...TOKENS,
      messages: [
        USER,
        { role: 'assistant', content: '', tool_calls: [WEATHER_CALL] },
        { role: 'tool', tool_call_id: 'call00001', name: 'get_weather', content: '{"temperature": 18, "sky": "cloudy"}' },
      ],
      tools: [WEATHER_TOOL],
      add_generation_prompt: true,
    },
  },
  {
    name: 'reasoning',
    variables: {
      ...TOKENS,
      messages: [
        USER,
        { role: 'assistant', reasoning_content: 'The user wants a short answer.', content: 'Mild, 18 °C.' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      enable_thinking: true,
      add_generation_prompt: true,
    },
  },
  {
    name: 'multi-turn',
    variables: {
      ...TOKENS,
      messages: [
        { role: 'system', content: 'You are terse.' },
        USER,
        { role: 'assistant', content: 'Mild, 18 °C.' },
        { role: 'user', content: 'Thanks!' },
        { role: 'assistant', content: 'You are welcome.' },
      ],
      add_generation_prompt: false,
    },
  },
];
