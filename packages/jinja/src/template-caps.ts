/**
 * What a template accepts, found by rendering small probe conversations (the reference
 * infers the same capabilities from how its probes' values are used): string or structured
 * content, a system message, tool-call arguments as objects. Results are cached by source.
 *
 * @internal
 */
import type { MessageShaping } from './chat-messages.js';
import { sharedCache } from './bounded-cache.js';
import { TemplateRenderError } from './errors.js';
import type { JsonValue } from './render-params.js';
import { runJinja } from './render-jinja.js';
import { fromJson, type Value } from './values.js';

/** Probe renders are small; a template that needs more than this is treated as failing. */
const PROBE_LIMITS = { timeoutMs: 1_000, maxSteps: 1_000_000 };
const PROBE_TIME = new Date(Date.UTC(2025, 0, 1));
const cache = sharedCache<string, Omit<MessageShaping, 'developerAsSystem'>>({ name: 'template-caps', key: 'template source (after render patches)' });

type Outcome = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly raised: boolean };

function probe(source: string, messages: JsonValue, tools?: JsonValue): Outcome {
  const vars = new Map<string, Value>([
    ['messages', fromJson(messages)],
    ['bos_token', ''],
    ['eos_token', ''],
    ['add_generation_prompt', true],
  ]);
  if (tools !== undefined) vars.set('tools', fromJson(tools));
  try {
    return { ok: true, text: runJinja(source, vars, { now: PROBE_TIME, limits: PROBE_LIMITS }) };
  } catch (error) {
    if (TemplateRenderError.isInstance(error) && error.code === 'syntax') throw error;
    return { ok: false, raised: TemplateRenderError.isInstance(error) && error.code === 'raised' };
  }
}

const USER = 'Probe user message';
const PROBE_TOOL = {
  type: 'function',
  function: {
    name: 'probe_tool',
    description: 'Probe tool',
    parameters: { type: 'object', properties: { probe_arg: { type: 'string' } }, required: ['probe_arg'] },
  },
};

function toolConversation(args: JsonValue): JsonValue {
  return [
    { role: 'user', content: USER },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'probe_tool', arguments: args }, id: 'call00001' }],
    },
    { role: 'tool', content: 'Probe tool result', tool_call_id: 'call00001', name: 'probe_tool' },
    { role: 'assistant', content: 'Probe reply' },
    { role: 'user', content: USER },
  ];
}

function objectArguments(source: string): boolean {
  const asObject = probe(source, toolConversation({ probe_arg: 'probe value' }), [PROBE_TOOL]);
  const asText = probe(source, toolConversation('{"probe_arg": "probe value"}'), [PROBE_TOOL]);
  if (!asObject.ok) return false;
  if (!asText.ok) return true;
  if (asObject.text === asText.text) return false;
  // A template that merely prints the arguments shows a Python dict for an object: it wants text.
  return !asObject.text.includes("'probe_arg': 'probe value'");
}

/** How the messages must be shaped for `source` (family adjustments aside). */
export function detectTemplateCaps(source: string): Omit<MessageShaping, 'developerAsSystem'> {
  const hit = cache.get(source);
  if (hit) return hit;
  const asString = probe(source, [{ role: 'user', content: USER }]);
  const asParts = probe(source, [{ role: 'user', content: [{ type: 'text', text: USER }] }]);
  const system = probe(source, [
    { role: 'system', content: 'Probe system message' },
    { role: 'user', content: USER },
  ]);
  const caps = {
    // A template that only reads parts renders string content without error but shows
    // nothing of it (it iterates the characters): that is not rendering strings.
    stringContent: asString.ok && (asString.text.includes(USER) || !asParts.ok || !asParts.text.includes(USER)),
    // Printing the list as a Python repr shows the text too, but that is not rendering parts.
    typedContent: asParts.ok && asParts.text.includes(USER) && !asParts.text.includes("'type': 'text'"),
    systemRole: system.ok ? system.text.includes('Probe system message') : !system.raised,
    objectArguments: objectArguments(source),
  };
  cache.set(source, caps);
  return caps;
}
