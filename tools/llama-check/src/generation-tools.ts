import type { ChatRequest } from '@autoparser/core';

type Tool = NonNullable<ChatRequest['tools']>[number];

/**
 * The tools offered while sampling. Every argument is finite and constrained by the grammar
 * in every format: bounded integers, an integer enum, booleans. No strings: formats that
 * write arguments as raw text (XML-style parameters) take any text up to the closing tag,
 * as in llama.cpp, so a string's `enum` or `maxLength` is not the grammar's to enforce
 * there. Every property is required and nothing else allowed, so the validator has
 * something to check.
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
        },
        required: ['hour', 'minute', 'loud'],
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
        },
        required: ['days', 'metric'],
        additionalProperties: false,
      },
    },
  },
];
