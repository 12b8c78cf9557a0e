/**
 * The AST tags of the chat vocabulary, spelt as in the reference's parser dumps so that
 * arenas and dumps compare directly.
 */
export const CHAT_TAGS = {
  /** Reasoning text (`reasoning_content`). */
  reasoning: 'reasoning',
  /** Assistant-visible text (`content`). */
  content: 'content',
  /** A whole tool call. */
  tool: 'tool',
  /** The opening of a tool call: starts a new call in the mapper. */
  toolOpen: 'tool-open',
  /** The end of a tool call: closes strings and braces left open. */
  toolClose: 'tool-close',
  /** The call id. */
  toolId: 'tool-id',
  /** The function name. */
  toolName: 'tool-name',
  /** Arguments given as one JSON object. */
  toolArgs: 'tool-args',
  /** Arguments given as a JSON string that encodes the object (`"{\\"a\\": 1}"`): the mapper decodes it. */
  toolArgsString: 'tool-args-string',
  /** One argument given as its own entity (name and value). */
  toolArg: 'tool-arg',
  /** The opening of one argument. */
  toolArgOpen: 'tool-arg-open',
  /** The end of one argument. */
  toolArgClose: 'tool-arg-close',
  /** The argument name. */
  toolArgName: 'tool-arg-name',
  /** The name of a Python keyword argument (`name=value`): keys are spaced as Python's `json.dumps` does. */
  toolKwargName: 'tool-kwarg-name',
  /** A raw string value, JSON-escaped by the mapper. */
  toolArgStringValue: 'tool-arg-string-value',
  /** A JSON (or Python literal) value, copied through with quote normalisation. */
  toolArgJsonValue: 'tool-arg-value',
  /** A JSON object or array written as a JSON string (`"{\\"a\\": 1}"`): the mapper writes the decoded value. */
  toolArgJsonString: 'tool-arg-json-string',
  /** Raw code written instead of JSON arguments; the arguments become `{"code": …}`. */
  toolCode: 'tool-code',
} as const;

/** One tag of {@link CHAT_TAGS}. */
export type ChatTag = (typeof CHAT_TAGS)[keyof typeof CHAT_TAGS];
