import type { JsonValue } from '@autoparser/peg-core';
import { renderPrompt } from '@autoparser/template-analyzer';

const PROBE_ARGS = { probe_arg: { probe_key: 'probe_value' } };
const PYTHON_DICT = "{'probe_key': 'probe_value'}";

const cache = new Map<string, boolean>();
const CACHE_LIMIT = 64;

function probe(source: string): boolean {
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
    });
    return prompt.includes(PYTHON_DICT);
  } catch {
    return false;
  }
}

/**
 * Whether the template writes an object argument as a Python dict (`{'key': 'value'}`), as
 * Seed-OSS does with `value | string`: models trained on it answer the same way, so the
 * grammar must let them. Found by rendering a call with an object argument; cached per source.
 */
export function rendersPythonContainers(source: string): boolean {
  let found = cache.get(source);
  if (found === undefined) {
    found = probe(source);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
    cache.set(source, found);
  }
  return found;
}

const isRecord = (v: JsonValue): v is { readonly [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a value of this JSON schema can be an object or an array (a schema without a type can). */
export function mayBeContainer(schema: JsonValue | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (!isRecord(schema)) return false;
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
