import type { ChatRequest } from '@autoparser/core';

type Tool = NonNullable<ChatRequest['tools']>[number];

/**
 * The tools offered while sampling. Every argument is finite and constrained by the grammar
 * in every format: bounded integers, an integer enum, booleans, a string enum and a string
 * `pattern` — which formats that write arguments as raw text (XML-style parameters, Python
 * calls, Gemma's `<|"|>` strings) hold too, beyond llama.cpp's grammars. No `maxLength` on
 * a free string: the tiny model's tokens are single bytes, and llama.cpp's UTF-8 decoder
 * takes a surrogate, an overlong or an out-of-range sequence for one code point, which the
 * text decoder turns into several U+FFFD, so a length the grammar held is longer once
 * decoded (the unit tests check `maxLength` in every format instead). Every property is
 * required and nothing else allowed, so the validator has something to check.
 */
export const GENERATION_TOOLS: readonly Tool[] = [
  {
    type: 'function',
    function: {
      name: 'set_alarm',
      description: 'Sets an alarm.',
      parameters: {
        type: 'object',
        properties: {
          hour: { type: 'integer', minimum: 0, maximum: 23 },
          minute: { type: 'integer', enum: [0, 15, 30, 45] },
          loud: { type: 'boolean' },
          label: { type: 'string', enum: ['work', 'gym', 'school'] },
        },
        required: ['hour', 'minute', 'loud', 'label'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Looks up the weather.',
      parameters: {
        type: 'object',
        properties: {
          days: { type: 'integer', minimum: 1, maximum: 7 },
          metric: { type: 'boolean' },
          city: { type: 'string', pattern: '^[a-z]{1,8}$' },
        },
        required: ['days', 'metric', 'city'],
        additionalProperties: false,
      },
    },
  },
];
