import { applyDelta } from './apply-delta.js';
import { emptyMessage, type AssistantMessage, type ChatDelta } from './chat-message.js';

/** The message a client rebuilds from a whole stream of deltas (starting from empty). */
export function accumulateDeltas(deltas: Iterable<ChatDelta>, start: AssistantMessage = emptyMessage()): AssistantMessage {
  let message = start;
  for (const delta of deltas) message = applyDelta(message, delta);
  return message;
}
