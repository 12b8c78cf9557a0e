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

/** What a tag's text is, as the mapper writes it. */
export type ChatTagKind =
  /** Message text: content or reasoning. */
  | 'text'
  /** A call's function name. */
  | 'name'
  /** A call id. */
  | 'id'
  /** An argument's name (a key of the arguments object). */
  | 'key'
  /** JSON (or Python-literal) arguments or a value, copied through. */
  | 'json'
  /** A JSON string that encodes an object or array: the mapper writes what it encodes. */
  | 'encoded'
  /** A raw string value, JSON-escaped by the mapper. */
  | 'raw'
  /** Raw code, written as `{"code": …}`. */
  | 'code'
  /** Structure only: the mapper acts on the node, not its text. */
  | 'marker';

/** What the mapper and a cut read make of one tag. */
export interface ChatTagInfo {
  /** What its text is. */
  readonly kind: ChatTagKind;
  /** The message field its text feeds (`none`: markers). */
  readonly field: 'content' | 'reasoning' | 'call' | 'none';
  /**
   * A finished node holds text of the message (not only markers); while unfinished, it grows
   * as the output does, so a mapping resumes before it.
   */
  readonly holdsText: boolean;
  /** A cut read shows its text as far as it goes (a value streams as it is written); else only once finished. */
  readonly streams: boolean;
}

const marker: ChatTagInfo = { kind: 'marker', field: 'none', holdsText: false, streams: false };
const argument = (kind: ChatTagKind): ChatTagInfo => ({ kind, field: 'call', holdsText: true, streams: true });
const atomic = (kind: ChatTagKind): ChatTagInfo => ({ kind, field: 'call', holdsText: true, streams: false });

/**
 * One table for every chat tag: what its text is, which field it feeds, whether it holds
 * text and whether a cut read shows it as it grows. The mapper and the reads of cut or
 * broken output take their sets of tags from here.
 */
export const CHAT_TAG_TABLE: { readonly [Tag in ChatTag]: ChatTagInfo } = {
  [CHAT_TAGS.reasoning]: { kind: 'text', field: 'reasoning', holdsText: true, streams: true },
  [CHAT_TAGS.content]: { kind: 'text', field: 'content', holdsText: true, streams: true },
  [CHAT_TAGS.tool]: marker,
  [CHAT_TAGS.toolOpen]: marker,
  [CHAT_TAGS.toolClose]: marker,
  [CHAT_TAGS.toolId]: atomic('id'),
  [CHAT_TAGS.toolName]: atomic('name'),
  [CHAT_TAGS.toolArgs]: argument('json'),
  [CHAT_TAGS.toolArgsString]: argument('encoded'),
  [CHAT_TAGS.toolArg]: marker,
  [CHAT_TAGS.toolArgOpen]: marker,
  [CHAT_TAGS.toolArgClose]: marker,
  [CHAT_TAGS.toolArgName]: atomic('key'),
  [CHAT_TAGS.toolKwargName]: atomic('key'),
  [CHAT_TAGS.toolArgStringValue]: argument('raw'),
  [CHAT_TAGS.toolArgJsonValue]: argument('json'),
  [CHAT_TAGS.toolArgJsonString]: argument('encoded'),
  [CHAT_TAGS.toolCode]: argument('code'),
};

/** The table's entry for `tag`, or `undefined` for a tag that is no chat tag (a recovery's, a value tree's). */
export function chatTagInfo(tag: string): ChatTagInfo | undefined {
  return Object.hasOwn(CHAT_TAG_TABLE, tag) ? CHAT_TAG_TABLE[tag as ChatTag] : undefined;
}

/** The chat tags whose entry satisfies `test`. */
export function chatTagsWhere(test: (info: ChatTagInfo) => boolean): ReadonlySet<string> {
  return new Set((Object.keys(CHAT_TAG_TABLE) as ChatTag[]).filter((tag) => test(CHAT_TAG_TABLE[tag])));
}
