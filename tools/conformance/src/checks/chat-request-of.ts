import { parseChatRequest, type ChatRequest } from '@autoparser/core';

// One read per body object: several checks of a record share its `params`.
const read = new WeakMap<object, ChatRequest>();

/**
 * A chat case's request body read by core's request model (`parseChatRequest`), exactly as
 * the CLI and the debugger read theirs.
 *
 * @throws Error listing the rejected fields' paths, so the check fails with them.
 */
export function chatRequestOf(body: object): ChatRequest {
  const known = read.get(body);
  if (known !== undefined) return known;
  const parsed = parseChatRequest(body);
  if (!parsed.ok) {
    throw new Error(`the request model rejects params: ${parsed.problems.filter((p) => p.severity === 'error').map((p) => p.message).join('; ')}`);
  }
  read.set(body, parsed.request);
  return parsed.request;
}
