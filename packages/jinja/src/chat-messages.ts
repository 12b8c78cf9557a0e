/**
 * Shapes request messages into what the template sees, as the reference does before
 * rendering: every message gets a `content` (`''` when empty), optional fields only when
 * non-empty, tool-call arguments as JSON text unless the template works on objects,
 * structured content flattened or wrapped to the one form the template accepts, the
 * `developer` role mapped to `system`, and a system message the template cannot show
 * merged into the next message.
 *
 * @internal
 */
import { TemplateRenderError } from './errors.js';
import type { ChatContentPart, ChatMessage, JsonValue } from './render-params.js';

/** A message as the template receives it. */
export type TemplateMessage = { [key: string]: JsonValue };

/** What the template accepts, which decides the shape of the messages. */
export interface MessageShaping {
  /** Tool-call arguments are passed as objects rather than JSON text. */
  readonly objectArguments: boolean;
  /** The template shows a system message (else it is merged into the next message). */
  readonly systemRole: boolean;
  /** The template renders string content. */
  readonly stringContent: boolean;
  /** The template renders a list of content parts. */
  readonly typedContent: boolean;
  /** Map `developer` to `system` (every family but GPT-OSS, which knows `developer`). */
  readonly developerAsSystem: boolean;
}

function joinParts(parts: readonly ChatContentPart[]): string {
  let text = '';
  let afterMarker = false;
  for (const part of parts) {
    if (part.type === 'text') {
      if (!afterMarker && text !== '') text += '\n';
      afterMarker = false;
    } else if (part.type === 'media_marker') {
      afterMarker = true;
    } else {
      continue;
    }
    text += part.text ?? '';
  }
  return text;
}

function content(message: ChatMessage, shaping: MessageShaping): JsonValue {
  const raw = message.content;
  const onlyString = shaping.stringContent && !shaping.typedContent;
  const onlyTyped = !shaping.stringContent && shaping.typedContent;
  if (typeof raw === 'string' && raw !== '') return onlyTyped ? [{ type: 'text', text: raw }] : raw;
  if (Array.isArray(raw) && raw.length > 0) {
    const parts = raw as readonly ChatContentPart[];
    return onlyString ? joinParts(parts) : parts.map((p) => ({ type: p.type, text: p.text ?? '' }));
  }
  return onlyTyped ? [{ type: 'text', text: '' }] : '';
}

function toolArguments(args: string | { readonly [key: string]: JsonValue }, asObject: boolean): JsonValue {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  if (!asObject) return text;
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new TemplateRenderError('invalid-params', `tool call arguments are not valid JSON: ${text}`, { cause: error });
  }
}

function shapeOne(message: ChatMessage, shaping: MessageShaping): TemplateMessage {
  const role = shaping.developerAsSystem && message.role === 'developer' ? 'system' : message.role;
  const out: TemplateMessage = { role, content: content(message, shaping) };
  if (message.reasoning_content) out.reasoning_content = message.reasoning_content;
  if (message.name) out.name = message.name;
  if (message.tool_call_id) out.tool_call_id = message.tool_call_id;
  if (message.tool_calls && message.tool_calls.length > 0) {
    out.tool_calls = message.tool_calls.map((call) => {
      const shaped: { [key: string]: JsonValue } = {
        type: 'function',
        function: { name: call.function.name, arguments: toolArguments(call.function.arguments, shaping.objectArguments) },
      };
      if (call.id) shaped.id = call.id;
      return shaped;
    });
  }
  return out;
}

/** The messages the template sees. */
export function shapeMessages(messages: readonly ChatMessage[], shaping: MessageShaping): TemplateMessage[] {
  const shaped = messages.map((m) => shapeOne(m, shaping));
  const [first, second] = shaped;
  if (!shaping.systemRole && first?.role === 'system') {
    shaped.shift();
    if (second !== undefined) {
      const text = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');
      second.content = `${text(first.content)}\n${text(second.content)}`;
    }
  }
  return shaped;
}
