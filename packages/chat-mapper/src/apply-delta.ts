import type { AssistantMessage, ChatDelta } from './chat-message.js';

/**
 * The message after one stream delta, as an OpenAI client rebuilds it: text fields are
 * appended, a tool call's name and id are replaced when sent. `message` is not changed.
 */
export function applyDelta(message: AssistantMessage, delta: ChatDelta): AssistantMessage {
  const out: AssistantMessage = { role: 'assistant', content: message.content + (delta.content ?? '') };
  const reasoning = (message.reasoning_content ?? '') + (delta.reasoning_content ?? '');
  if (reasoning !== '') out.reasoning_content = reasoning;
  const calls = (message.tool_calls ?? []).map((c) => ({ ...c, function: { ...c.function } }));
  for (const d of delta.tool_calls ?? []) {
    let call = calls[d.index];
    if (call === undefined) {
      call = { type: 'function', function: { name: '', arguments: '' } };
      calls[d.index] = call;
    }
    if (d.id !== undefined) call.id = d.id;
    if (d.function.name !== undefined && d.function.name !== '') call.function.name = d.function.name;
    call.function.arguments += d.function.arguments ?? '';
  }
  if (calls.length > 0) out.tool_calls = calls;
  return out;
}
