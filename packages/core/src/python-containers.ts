import type { ChatBuilder } from '@autoparser/chat-mapper';
import type { JsonValue, Parser } from '@autoparser/peg-core';
import { isJsonObject } from '@autoparser/chat-mapper';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { renderPrompt } from './default-plugins.js';

const PROBE_ARGS = { probe_arg: { probe_key: 'probe_value' } };
const PYTHON_DICT = "{'probe_key': 'probe_value'}";

function probe(source: string, plugins: readonly WorkaroundPlugin[] | undefined): boolean {
  try {
    const { prompt } = renderPrompt(source, {
      messages: [
        { role: 'user', content: 'Probe' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call00001', type: 'function', function: { name: 'probe_tool', arguments: JSON.stringify(PROBE_ARGS) } }],
        },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'probe_tool',
            description: 'Probe tool.',
            parameters: { type: 'object', properties: { probe_arg: { type: 'object' } }, required: ['probe_arg'] },
          },
        },
      ],
      add_generation_prompt: false,
    }, { plugins });
    return prompt.includes(PYTHON_DICT);
  } catch {
    return false;
  }
}

/**
 * Whether the template writes an object argument as a Python dict (`{'key': 'value'}`), as
 * Seed-OSS does with `value | string`: models trained on it answer the same way, so the
 * grammar must let them. Found by rendering a call with an object argument (with the render
 * hooks of `plugins`, default the built-ins). Not cached: a compiled template asks once.
 */
export function rendersPythonContainers(source: string, plugins?: readonly WorkaroundPlugin[]): boolean {
  return probe(source, plugins);
}

/** Whether a value of this JSON schema can be an object or an array (a schema without a type can). */
export function mayBeContainer(schema: JsonValue | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (!isJsonObject(schema)) return false;
  const type = schema['type'];
  if (typeof type === 'string') return type === 'object' || type === 'array';
  if (Array.isArray(type)) return (type as readonly JsonValue[]).some((t) => t === 'object' || t === 'array');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return (options as readonly JsonValue[]).some((o) => mayBeContainer(o));
  }
  if ('enum' in schema || 'const' in schema) return false;
  return true;
}

const MAX_DEPTH = 6;

/**
 * A parser of the Python literal (`repr`) of a value of `schema`, for the grammar: object
 * keys and strings in either quote, `True`/`False`/`None` (the builder's JSON parsers take
 * Python spellings), objects limited to their declared properties, arrays to their items.
 * What it cannot narrow (`$ref`, `enum`, deep nesting, no type) is any Python literal.
 */
export function pythonLiteralOf(p: ChatBuilder, schema: JsonValue | undefined, name: string, depth = 0): Parser {
  if (!isJsonObject(schema) || depth > MAX_DEPTH || '$ref' in schema || 'enum' in schema || 'const' in schema) return p.json();
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return p.choice(...(options as readonly JsonValue[]).map((o, i) => pythonLiteralOf(p, o, `${name}-${i}`, depth + 1)));
  }
  const type = schema['type'];
  if (Array.isArray(type)) return p.choice(...(type as readonly JsonValue[]).map((t, i) => pythonLiteralOf(p, { ...schema, type: t }, `${name}-${i}`, depth)));
  switch (type) {
    case 'string':
      return p.jsonString();
    case 'integer':
    case 'number':
      return p.jsonNumber();
    case 'boolean':
      return p.jsonBool();
    case 'null':
      return p.jsonNull();
    case 'array': {
      const item = pythonLiteralOf(p, schema['items'], `${name}-item`, depth + 1);
      return p.sequence('[', p.space(), p.optional(p.sequence(item, p.zeroOrMore(p.sequence(',', p.space(), item)))), ']', p.space());
    }
    case 'object': {
      const props = schema['properties'];
      if (!isJsonObject(props) || Object.keys(props).length === 0) return p.jsonObject();
      // A rule, so the grammar spells the members once.
      const member = p.sharedRule(`${name}-member`, () =>
        p.choice(...Object.entries(props).map(([key, value]) => p.jsonMember(key, pythonLiteralOf(p, value, `${name}-${key}`, depth + 1)))),
      );
      return p.sequence('{', p.space(), p.optional(p.sequence(member, p.zeroOrMore(p.sequence(',', p.space(), member)))), '}', p.space());
    }
    default:
      return p.json();
  }
}
