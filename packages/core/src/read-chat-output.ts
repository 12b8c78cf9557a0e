import { CHAT_TAGS, ChatAstMapper, chatTagsWhere, cutEscapeLength, mapChatAst, streamDeltas, type AppendedText, type AssistantMessage, type ChatTool, type RecoveredNode } from '@autoparser/chat-mapper';
import { parse, ParseSession, type Arena, type AstNode, type ParseResult } from '@autoparser/peg-core';
import { trimTrailingWhitespace } from '@autoparser/diff-utils';
import { arenaMarkers, onlyMarkers } from './arena-markers.js';
import type { ParseWarning } from './parse-warning.js';
import { checkRecoveredCalls, nodesBefore } from './recovered-calls.js';
import { closeFinalArguments, holdWithTail, ShownCalls } from './final-arguments.js';

/** An assistant message, with warnings when the output could not be read cleanly. */
export type ParsedMessage = AssistantMessage & {
  /** Present only when something went wrong; see {@link ParseWarning}. */
  warnings?: ParseWarning[];
};

/** Whether `next` only adds to `prev`, as a stream's deltas would take one to the other (no call renamed). */
function extendsMessage(prev: AssistantMessage, next: AssistantMessage): boolean {
  const renamed = (prev.tool_calls ?? []).some((call, i) => next.tool_calls?.[i]?.function.name !== call.function.name);
  return !renamed && streamDeltas(prev, next).reached;
}

const snippet = (text: string, at: number): string => JSON.stringify(text.slice(at, at + 40));

function innermostPartial(nodes: readonly AstNode[]): AstNode | undefined {
  let found: AstNode | undefined;
  for (const node of nodes) {
    if (!node.partial) continue;
    found = innermostPartial(node.children) ?? node;
  }
  return found;
}

/** Tags whose text is a message field as it is read. */
const TEXT_FIELDS = chatTagsWhere((tag) => tag.kind === 'text');

/**
 * A cut output read as far as it goes may leave text after its last node that no node holds
 * (a stream holds back a possible marker until it is sure): that text is still the model's,
 * so it goes to the field the last text went to (reasoning or content), never dropped. So
 * does the text of an unfinished construct the message does not show (a call without its
 * name yet, a recovery that read nothing): content. Only the markers cut short after the
 * last value of a call the message shows are the cut's, not text.
 */
function keepUnreadTail(message: ParsedMessage, nodes: readonly AstNode[], reader: ChatReader, shift: number): void {
  // A lookahead that stopped at the end holds nothing: the node before it is the last read.
  let count = nodes.length;
  while (count > 0 && nodes[count - 1]!.partial && nodes[count - 1]!.start === nodes[count - 1]!.end) count--;
  const last = nodes[count - 1];
  if (last === undefined) {
    // Nothing was read: all of the output is content.
    const all = reader.text(shift);
    if (all.trim() !== '' && message.content === '' && (message.reasoning_content ?? '') === '' && (message.tool_calls ?? []).length === 0) message.content = all;
    return;
  }
  const open = openCall(nodes.slice(0, count), message);
  if (open?.shown === false) {
    // A call without its name yet: from where it opens, its text is content.
    const tail = reader.text(Math.max(shift, open.node.start));
    if (tail.trim() !== '') message.content += tail;
    return;
  }
  if (last.end < reader.length()) {
    const tail = reader.text(last.end);
    if (tail.trim() === '') return;
    // Reasoning lost its trailing whitespace as layout; before more text it is text again.
    const layout = last.text.slice(trimTrailingWhitespace(last.text).length);
    if (last.tag === CHAT_TAGS.reasoning && message.reasoning_content !== undefined) message.reasoning_content += layout + tail;
    else if (last.tag === CHAT_TAGS.reasoning || last.tag === CHAT_TAGS.content) message.content += tail;
    // After a call the message shows, the rest is markers being written (but for an id cut
    // short), or else the text of a construct that never finished.
    else if (open === undefined && !isCall(last)) message.content += tail;
    else {
      const id = cutStringValue(tail);
      message.content += id !== '' || reader.markers === undefined || onlyMarkers(tail, reader.markers) ? id : tail;
    }
    return;
  }
  if (open !== undefined) {
    // Arguments that never became an object (`"Paris` where `{` goes) are text, not the call's.
    const at = unwrittenAt(last);
    const unread = at < 0 ? reader.text(heldEndOf(nodes.slice(0, count), shift)) : '';
    // Past what the call holds: an escape cut short, or a string value cut short, is text.
    const tail = at >= 0 ? reader.text(at) : cutEscapeLength(unread) === unread.length ? unread : cutStringValue(unread);
    if (tail.trim() !== '') message.content += tail;
    return;
  }
  if (!last.partial || TEXT_FIELDS.has(last.tag)) return;
  // From what the last node holds (its own start when nothing): the text before it belongs to the nodes before.
  const tail = reader.text(Math.max(shift, heldEnd(last)));
  if (tail.trim() !== '') message.content += tail;
}

/**
 * The text of a call id written as a JSON string and cut short at the end of a call's unread
 * tail (`, "id": "12`): a value being written, not a marker, so it is content (a call's id
 * is whole or absent). Other members there (`"type": "funct`) are the format's words.
 */
function cutStringValue(tail: string): string {
  // The last unescaped quote opens the value when `"…id":` comes before it (one backward scan).
  for (let q = tail.lastIndexOf('"'); q >= 0; q = tail.lastIndexOf('"', q - 1)) {
    let slashes = 0;
    while (tail[q - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 1) continue;
    const key = tail.slice(Math.max(0, q - 40), q).trimEnd();
    return ID_KEY.test(key) ? tail.slice(q + 1) : '';
  }
  return '';
}

/** The end of an id member's key, before its value: `"id":`, `"call_id" :`, `"toolCallId":`. */
const ID_KEY = /(?:"id|_id|[a-z]Id)"\s*:$/u;

/** Whether `node` is (or holds) a tool call. */
function isCall(node: AstNode): boolean {
  return node.tag === CHAT_TAGS.tool || node.tag === CHAT_TAGS.toolOpen || node.tag === CHAT_TAGS.toolClose || node.children.some(isCall);
}

/** The recovery that reads an output ending inside the reasoning block it opened (a cut, reported as `truncated`). */
const UNCLOSED_REASONING_RULE = 'reasoning-unclosed';

/** One `recovered` warning per recovery node the parse went through, in output order. */
function recoveries(recovered: readonly RecoveredNode[], shift: number): ParseWarning[] {
  return recovered.map(({ rule, start }) => {
    const offset = Math.max(0, start - shift);
    return { code: 'recovered', rule, offset, message: `recovered by "${rule}" at offset ${offset}: the output strays from the template's format there` };
  });
}

/** A read of model output, with what it appended to the mapper's previous read. */
export interface ChatRead {
  /** The message. */
  readonly message: ParsedMessage;
  /** What each field gained since the previous read (`undefined`: not known, compare). */
  readonly appended: AppendedText | undefined;
  /**
   * The message is the mapper's own mapping, unchanged: the mapper's next `appended` is
   * relative to it (else a later read must compare with it).
   */
  readonly own: boolean;
}

/** Where a read of model output gets its input and parses, and maps them. */
export interface ChatReader {
  /** The parse of the input (`partial`: the output may continue). */
  readonly parse: (partial: boolean) => ParseResult;
  /** Maps a tree (one mapper per stream, so it can resume). */
  readonly mapper: ChatAstMapper;
  /** The input in `[from, to)` (`to`: its end when absent). */
  readonly text: (from: number, to?: number) => string;
  /** The input's length. */
  readonly length: () => number;
  /** How this reader's partial reads showed their calls (each read goes on from the last). */
  readonly shown: ShownCalls;
  /** The markers the parser reads (see `arenaMarkers`): text made only of them is no answer text. */
  readonly markers?: readonly string[] | undefined;
  /**
   * A reader of the input's first `length` characters, as a whole (a fresh mapper), to read
   * the part of an unparsable output before the point where it stops parsing; absent (strict
   * parsers): all of such an output is content, as the reference returns it.
   */
  readonly prefix?: ((length: number) => ChatReader) | undefined;
  /**
   * With {@link prefix}: the length of the longest prefix of an unparsable input that still
   * reads as a cut output (see {@link viablePrefix}); undefined when none does.
   */
  readonly viable?: (() => number | undefined) | undefined;
  /**
   * A final read may end a string value never closed at the call's closer
   * (`unterminated-string-at-closer`); absent: when the reader has {@link prefix} (lenient).
   */
  readonly stringAtCloser?: boolean | undefined;
}

/** A reader of a whole `input` with `arena` (each parse from the start); `lenient`: with {@link ChatReader.prefix}. */
export function wholeReader(arena: Arena, input: string, lenient: boolean, stringAtCloser = lenient): ChatReader {
  // The input never changes: each kind of parse runs once, however often it is asked for.
  const parses = new Map<boolean, ParseResult>();
  return {
    parse: (cut) => {
      let result = parses.get(cut);
      if (result === undefined) parses.set(cut, (result = parse(arena, input, { partial: cut, lenient: !cut })));
      return result;
    },
    mapper: new ChatAstMapper(),
    shown: new ShownCalls(),
    markers: arenaMarkers(arena),
    text: (from, to) => input.slice(from, to),
    length: () => input.length,
    prefix: lenient ? (length) => wholeReader(arena, input.slice(0, length), true, stringAtCloser) : undefined,
    viable: () => viablePrefix(arena, input, parse(arena, input, { partial: true }).end),
    stringAtCloser,
  };
}

/**
 * The length of the longest prefix of `input` whose partial parse does not fail, given
 * `farthest`, where the failing partial parse of all of it stopped looking (a prefix fails
 * from some length on and never before it). The parse fails at the start of the construct
 * the text broke in (a marker's first character, say), so the prefix up to there reads, and
 * so may a few more characters (`<tool_c` of a marker never finished): one session, fed a
 * character at a time, finds how many, each step reading only what it adds.
 */
export function viablePrefix(arena: Arena, input: string, farthest: number): number | undefined {
  const session = new ParseSession(arena, input.slice(0, Math.min(farthest, input.length)));
  if (session.partial().status === 'fail') return undefined;
  let length = session.length;
  while (length < input.length) {
    // A surrogate pair is one step: half of one is no text a model wrote.
    const step = isHighSurrogate(input.charCodeAt(length)) && length + 1 < input.length ? 2 : 1;
    session.append(input.slice(length, length + step));
    if (session.partial().status === 'fail') break;
    length += step;
  }
  return length;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** The last node that opens a call no later node closes (depth first), or undefined. */
function unfinishedCall(nodes: readonly AstNode[]): AstNode | undefined {
  let open: AstNode | undefined;
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.tag === CHAT_TAGS.toolOpen) open = node;
    else if (node.tag === CHAT_TAGS.toolClose) open = undefined;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return open;
}

/**
 * The call a tree leaves open, and whether `message` shows it (it has its name): a shown
 * call stays as far as it was read, one without a name is text.
 */
function openCall(nodes: readonly AstNode[], message: AssistantMessage): { readonly node: AstNode; readonly shown: boolean } | undefined {
  const node = unfinishedCall(nodes);
  return node === undefined ? undefined : { node, shown: (message.tool_calls?.length ?? 0) >= callsOpened(nodes) };
}

/** How many calls a tree opens. */
function callsOpened(nodes: readonly AstNode[]): number {
  let n = 0;
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.tag === CHAT_TAGS.toolOpen) n++;
    stack.push(...node.children);
  }
  return n;
}

/** Tags whose text a read holds as far as it goes when cut (a value streams as it is written). */
const VALUE_TAGS = chatTagsWhere((tag) => tag.streams);

/** Tags whose text a read holds once they are finished. */
const HELD_TAGS = chatTagsWhere((tag) => tag.holdsText);

/**
 * Arguments the mapper does not write as written yet: no object has started (`"Paris` where
 * `{` or `"{` goes), or a scalar is cut short (`fals`, `1`, or Python's `No` written `nu`):
 * what broke it may be part of the same word (`fals7`), so the text goes on as content whole.
 */
function unwrittenArguments(node: AstNode): boolean {
  if (node.tag === CHAT_TAGS.toolArgJsonValue) return !/^\s*["'{[]/u.test(node.text);
  if (node.tag === CHAT_TAGS.toolArgs) return !node.text.trimStart().startsWith('{');
  if (node.tag === CHAT_TAGS.toolArgsString) return !node.text.trimStart().replace(/^"/u, '').trimStart().startsWith('{');
  return false;
}

/**
 * Whether a finished node holds text of the message (a value, name or id in it), not just
 * markers. Whole arguments that are no object (`25050`) show only when their call closes.
 */
function holdsText(node: AstNode): boolean {
  if (node.tag === CHAT_TAGS.toolArgs && !node.text.trimStart().startsWith('{')) return false;
  return HELD_TAGS.has(node.tag) || node.children.some(holdsText);
}

/**
 * Where the text a cut read holds of `node` ends (`node.start`: none): all of a finished
 * node, an unfinished value as far as it goes; in another unfinished node, up to the last
 * child that holds text — a marker after it, or a name cut short, holds nothing yet.
 */
function heldEnd(node: AstNode, broken = false): number {
  if (!node.partial) return node.end;
  if (VALUE_TAGS.has(node.tag)) return unwrittenArguments(node) ? node.start : node.end - cutEscape(node) - (broken ? trailingScalar(node) : 0);
  return heldEndOf(node.children, node.start, broken);
}

/**
 * The length of a scalar cut short at the end of unfinished JSON arguments (`{"a": fals`).
 * Where the output broke (`fals7`), that word goes on as content whole (the arguments keep
 * what a stream sent).
 */
function trailingScalar(node: AstNode): number {
  const whole = node.tag === CHAT_TAGS.toolArgJsonValue;
  if (node.tag !== CHAT_TAGS.toolArgs && node.tag !== CHAT_TAGS.toolArgsString && !whole) return 0;
  // A backward scan: a regex anchored at the end would retry every start of a long word.
  const text = node.text;
  let start = text.length;
  while (start > 0) {
    const width = start >= 2 && isLowSurrogate(text.charCodeAt(start - 1)) ? 2 : 1;
    if (!SCALAR_CHAR.test(text.slice(start - width, start))) break;
    start -= width;
  }
  if (start === text.length) return 0;
  const before = text.slice(0, start).trimEnd();
  // A typed tagged value may be the scalar alone (`<parameter=count>12x`).
  return /[:,[]$/u.test(before) || (whole && before === '') ? text.length - start : 0;
}

const SCALAR_CHAR = /^[\p{L}\p{N}_.+-]$/u;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** An escape cut short at the end of unfinished JSON arguments (`"d\u`): the mapper does not show it yet. */
function cutEscape(node: AstNode): number {
  return node.tag === CHAT_TAGS.toolArgs ? cutEscapeLength(node.text) : 0;
}

/** Where the text of arguments no object has started yet begins, on the unfinished spine of `node` (none: -1). */
function unwrittenAt(node: AstNode): number {
  if (!node.partial) return -1;
  if (VALUE_TAGS.has(node.tag)) return unwrittenArguments(node) ? node.start : -1;
  const last = node.children.at(-1);
  return last === undefined ? -1 : unwrittenAt(last);
}

/** {@link heldEnd} of a run of nodes whose last may be unfinished (`from`: where it starts); `broken`: the output goes on after them. */
function heldEndOf(nodes: readonly AstNode[], from: number, broken = false): number {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const end = node.partial ? heldEnd(node, broken) : holdsText(node) ? node.end : node.start;
    if (end > node.start) return end;
  }
  return from;
}

/** The readable part of an unparsable output (see {@link readablePrefix}). */
interface ReadablePart {
  /** The read of that part, as a stream reads it. */
  readonly head: ChatRead;
  /** Where the text the read does not hold starts: from here on, all is content. */
  readonly rest: number;
  /** The read ends inside a tool call, kept as far as it was read. */
  readonly inCall: boolean;
}

/**
 * The readable part of an unparsable output: the longest prefix that still reads as a cut
 * output (`viable`, see {@link viablePrefix}), read as a stream reads it. A call that has its name stays, with its arguments
 * as far as they were read: a failing stream has sent it, and deltas cannot retract. A call
 * without one is cut off (the prefix before it is read instead) and goes to the content with
 * the rest. The text after what the read holds (a marker cut short) is content too, so none
 * is dropped.
 */
function readablePrefix(prefix: (length: number) => ChatReader, shift: number, viable: number | undefined, tools: readonly ChatTool[]): ReadablePart | undefined {
  if (viable === undefined) return undefined;
  for (let n = viable; n > shift; ) {
    const reader = prefix(n);
    const nodes = reader.parse(true).nodes;
    const last = nodes.at(-1);
    if (last === undefined) return undefined;
    const head = readOutput(reader, shift, true, tools, false);
    // A recovered call the read rejected made all of the prefix from it on content already.
    if (head.message.warnings?.some((w) => w.code === 'rejected') === true) return { head, rest: n, inCall: false };
    const open = openCall(nodes, head.message);
    if (open === undefined || open.shown) return { head, rest: Math.max(shift, heldEndOf(nodes, shift, true)), inCall: open !== undefined };
    // Read the output up to where that call starts instead.
    n = Math.min(n - 1, open.node.start);
  }
  return undefined;
}

/**
 * The words of arguments held back where the output broke that the content does not hold
 * yet: a word the rest goes on with (`t` of `three`) is the rest's, and punctuation alone
 * is the format's.
 */
function heldText(tail: string, rest: string): string {
  const word = /[\p{L}\p{N}_]+$/u.exec(tail);
  const own = word !== null && /^[\p{L}\p{N}_]/u.test(rest) ? tail.slice(0, word.index) : tail;
  return /[\p{L}\p{N}_]/u.test(own) ? own : '';
}

/**
 * The read of an output whose parse fails, for a lenient parser: its readable part (see
 * {@link readablePrefix}) reads as a stream read it, and the text after it is content, with
 * an `unparsed` warning there. A stream that fails partway therefore sent the start of this
 * very message (deltas never retract), and ends equal to the whole parse. A strict parser
 * returns all of the output as content, as the reference does.
 */
function readUnparsed(reader: ChatReader, shift: number, failedAt: number, tools: readonly ChatTool[]): ChatRead {
  const output = reader.text(shift);
  const part = reader.prefix === undefined ? undefined : readablePrefix(reader.prefix, shift, reader.viable?.(), tools);
  // What the call the output broke in holds back of its arguments is text before the rest.
  const held = part === undefined ? undefined : holdWithTail(part.head.message, reader.markers ?? []);
  const head = held?.message;
  const offset = Math.max(0, Math.min(output.length, failedAt - shift));
  const restText = part === undefined ? '' : reader.text(part.rest);
  const message: ParsedMessage = head === undefined || part === undefined ? { role: 'assistant', content: output } : { ...head, content: head.content + heldText(held!.tail, restText) + restText };
  const call = part?.inCall === true ? '; the tool call it stopped in is kept as far as it was read' : '';
  const rest = head === undefined || part === undefined ? 'all of it is' : `what follows offset ${part.rest - shift} is`;
  message.warnings = [
    // Recoveries in the text that went to the content did not shape the message.
    ...(head?.warnings ?? []).filter((w) => part === undefined || w.offset < part.rest - shift),
    {
      code: 'unparsed',
      offset,
      message: `parsing stopped at offset ${offset} (${snippet(output, offset)}): the output does not follow the template's format there (unknown tool, invalid arguments or stray text), so ${rest} returned as content${call}`,
    },
  ];
  return { message, appended: undefined, own: false };
}

/**
 * Reads model output (which follows a generation prompt of `shift` characters) from its
 * parse. Never throws: output the parser cannot place is content, with an `unparsed` warning
 * where it starts (a lenient reader keeps the readable part before it, see `readUnparsed`); a complete output that ends
 * inside a construct is read as far as it goes, with a `truncated` warning. With `tools`, a
 * call that only a recovery read must name one of them and fit its schema, else it and the
 * text after it are content (a `rejected` warning); canonical calls are not checked.
 */
export function readChatOutput(reader: ChatReader, shift: number, partial: boolean, tools: readonly ChatTool[] = []): ChatRead {
  const read = readAsIs(reader, shift, partial, tools);
  if (partial) return read;
  // A final message holds only arguments a client's JSON.parse reads (see closeFinalArguments).
  const message = closeFinalArguments(read.message, reader.markers ?? [], tools, reader.stringAtCloser ?? reader.prefix !== undefined, reader.length() - shift);
  return message === read.message ? read : { message, appended: undefined, own: false };
}

/** {@link readChatOutput} before a final read's arguments are closed. */
function readAsIs(reader: ChatReader, shift: number, partial: boolean, tools: readonly ChatTool[]): ChatRead {
  const read = readOutput(reader, shift, partial, tools);
  if (partial || reader.prefix === undefined) return read;
  // A clean read with calls took the calls' path to the end: a cut read takes the same one
  // (checking it would cost a second parse of every long list of calls).
  if (read.message.warnings === undefined && (read.message.tool_calls?.length ?? 0) > 0) return read;
  // A stream shows cut reads of the output as it grows, and ends having sent the cut read of
  // all of it. A final read that does not only add to that one (a construct left open at the
  // end, a recovery or an alternative only the complete text takes) would make it retract:
  // the cut read is the answer then, for a stream and a parse alike.
  const whole = reader.prefix(reader.length());
  const cut = whole.parse(true);
  // Mostly both parses took the same path (a tree is cheaper to compare than long texts).
  if (read.nodes !== undefined && cut.status !== 'fail' && sameSpine(cut.nodes, read.nodes)) return read;
  const shown = readOutput(whole, shift, true, tools, false);
  if (extendsMessage(withoutWarnings(shown.message), withoutWarnings(read.message))) return read;
  const message = shown.message;
  if (!(message.warnings ?? []).some((w) => w.code === 'unparsed')) {
    const nodes = shown.nodes ?? cut.nodes;
    keepUnreadTail(message, nodes, whole, shift);
    message.warnings = [...(message.warnings ?? []), truncation(nodes, reader.length() - shift)];
  }
  return { message, appended: undefined, own: false };
}

/**
 * Whether a cut parse's tree is the start of a final one: the same nodes (tag, start, end)
 * but for the last of each level, which starts where the final one does with the same tag
 * and holds the start of its children (a cut stops inside it).
 */
function sameSpine(cut: readonly AstNode[], final: readonly AstNode[]): boolean {
  if (cut.length > final.length) return false;
  for (let i = 0; i < cut.length; i++) {
    const a = cut[i]!;
    const b = final[i]!;
    if (a.tag !== b.tag || a.start !== b.start) return false;
    if (i < cut.length - 1 || !a.partial) {
      if (a.end !== b.end) return false;
    } else if (!sameSpine(a.children, b.children)) return false;
  }
  return true;
}

/** A message's fields without its warnings. */
function withoutWarnings(message: ParsedMessage): AssistantMessage {
  const { warnings: _warnings, ...fields } = message;
  return fields;
}

/** The `truncated` warning of a read that ends inside the innermost unfinished node of `nodes`. */
function truncation(nodes: readonly AstNode[], offset: number): ParseWarning {
  const open = innermostPartial(nodes);
  const inside = open === undefined ? 'an unfinished construct' : `an unfinished "${open.tag}"`;
  return { code: 'truncated', offset, message: `the output ended inside ${inside} (unclosed tag, JSON or tool call); the message holds what was read` };
}

/** {@link readChatOutput} from the parse alone (a final read not checked against the cut one). */
function readOutput(reader: ChatReader, shift: number, partial: boolean, tools: readonly ChatTool[], hold = true): ChatRead & { readonly nodes?: readonly AstNode[] } {
  let result = reader.parse(partial);
  // A stream maps each partial result of its session in turn: what the session kept is not compared again.
  let mapped = result.status === 'fail' ? undefined : reader.mapper.map(result.nodes, result.reused);
  let unclosed = false;
  let rejected: { readonly offset: number; readonly reason: string } | undefined;
  if (mapped !== undefined && !partial && result.nodes.some((n) => n.start < shift && (n.end > shift || (n.end === shift && n.tag === CHAT_TAGS.content)))) {
    // The prompt may have opened a block (say `<think>`) the output never closed, so the
    // final parse fell back to reading the prompt's tail as content (up to the output's
    // start, or into it): then a cut stream
    // reads it differently, and that reading is the answer. A node may also straddle the
    // boundary legitimately (a prefilled answer, a closed block, reasoning kept as content,
    // an unclosed block a tool call ended): then the final reading agrees with the cut one
    // or only adds to it, and nothing was cut.
    const cut = reader.parse(true);
    const cutMapped = cut.status === 'need_more_input' ? mapChatAst(cut.nodes) : undefined;
    // An output of nothing but layout or markers (the prompt's `<think>` written again) adds
    // nothing to what the prompt opened: the final reading would be the prompt's own text as
    // content (`<think>\n`).
    const written = reader.text(shift);
    const nothingWritten = written.trim() === '' || (reader.markers !== undefined && onlyMarkers(written, reader.markers));
    if (cutMapped !== undefined && (nothingWritten || !extendsMessage(cutMapped.message, mapped.message))) {
      result = cut;
      mapped = { ...cutMapped, appended: undefined };
      unclosed = true;
    }
  }
  const outputLength = reader.length() - shift;
  if (mapped === undefined) return readUnparsed(reader, shift, result.end, tools);
  let nodes = result.nodes;
  let appended = result.lenient === true || unclosed ? undefined : mapped.appended;
  let own = !(result.lenient === true || unclosed);
  // Only a recovery can make a call that must be checked (then the whole tree is read again).
  if (mapped.recovered.length > 0 && tools.length > 0) {
    const verdict = checkRecoveredCalls(reader.text, nodes, mapped.message, tools, shift, partial);
    if (verdict !== undefined) {
      // The tree up to the call stands; from there on the text waits (held) or is content.
      nodes = nodesBefore(nodes, verdict.cut, verdict.recoveries);
      mapped = { ...mapChatAst(nodes), appended: undefined };
      appended = undefined;
      own = false;
      if (verdict.action === 'reject') mapped.message.content += reader.text(Math.max(shift, verdict.cut));
      rejected = verdict.action === 'reject' ? { offset: Math.max(0, verdict.cut - shift), reason: verdict.reason } : undefined;
    }
  }
  const { message, warnings } = mapped;
  const out: ParsedMessage = message;
  const notes: ParseWarning[] = warnings.map((w) => ({ code: 'mapping', offset: 0, message: w }));
  // An output that ends inside the reasoning it opened was cut short, not misformatted.
  const cutInReasoning = mapped.recovered.some((r) => r.rule === UNCLOSED_REASONING_RULE);
  notes.push(...recoveries(mapped.recovered.filter((r) => r.rule !== UNCLOSED_REASONING_RULE), shift));
  if (rejected !== undefined) {
    notes.push({
      code: 'rejected',
      offset: rejected.offset,
      message: `the tool call at offset ${rejected.offset} was read only by a recovery and ${rejected.reason}, so it and the text after it are content`,
    });
  } else if (result.lenient === true || unclosed || cutInReasoning) {
    keepUnreadTail(out, nodes, reader, shift);
    notes.push(truncation(nodes, outputLength));
  }
  if (notes.length > 0) out.warnings = notes;
  if (partial && hold) {
    // Unfinished arguments show only as far as a final read may close them.
    const held = reader.shown.hold(out, reader.markers ?? [], own ? appended?.callsFrom : undefined, own ? appended?.args : undefined);
    if (held !== undefined) return { message: held, appended: undefined, own: false, nodes };
  } else reader.shown.reset();
  return { message: out, appended, own, nodes };
}

/** What {@link parseChatOutput} knows of the request and template beyond the arena. */
export interface ParseChatOptions {
  /** The request's tools: a call only a recovery read must name one and fit its schema. */
  readonly tools?: readonly ChatTool[] | undefined;
  /**
   * The marker the template writes after an assistant turn (`<|im_end|>`), for the
   * `trailing-end-of-turn` recovery; '' or absent (strict parsers) for none.
   */
  readonly endOfTurn?: string | undefined;
  /**
   * A strict parser: output it cannot place is all content (the reference's fallback); else
   * the readable part before that point is kept and only the rest is content.
   */
  readonly strict?: boolean | undefined;
  /** A string value never closed may end at the call's closer (`unterminated-string-at-closer`); default: not strict. */
  readonly stringAtCloser?: boolean | undefined;
}

/** The `recovered` rule of an end-of-turn marker written at the very end of the output. */
const TRAILING_END_OF_TURN_RULE = 'trailing-end-of-turn';

/** Where the trailing `marker` (and whitespace after it) starts in `output`, or -1. */
function trailingMarkerAt(output: string, marker: string): number {
  const body = output.trimEnd();
  return body.endsWith(marker) ? body.length - marker.length : -1;
}

/**
 * How much of the end of `output` a stream holds back: a complete trailing marker (with the
 * whitespace after it), or a start of it.
 */
export function heldBack(output: string, marker: string): number {
  const at = trailingMarkerAt(output, marker);
  if (at >= 0) return output.length - at;
  for (let n = Math.min(marker.length - 1, output.length); n > 0; n--) if (endsWithStartOf(output, marker, n)) return n;
  return 0;
}

/** Whether `output` ends with the first `n` characters of `marker` (compared in place: a stream asks on every push). */
function endsWithStartOf(output: string, marker: string, n: number): boolean {
  const from = output.length - n;
  for (let i = 0; i < n; i++) if (output.charCodeAt(from + i) !== marker.charCodeAt(i)) return false;
  return true;
}

/**
 * The final read of `output` with the `trailing-end-of-turn` recovery: `whole` is its read
 * as it is; when that read the marker written at the very end as text (a server that did not
 * stop on it), `readWithout` reads the output before the marker and, when the rest still
 * reads, that is the answer, with a `recovered` warning.
 */
export function withoutTrailingMarker(output: string, marker: string, whole: ParsedMessage, readWithout: (output: string) => ParsedMessage): ParsedMessage {
  if (marker === '') return whole;
  const at = trailingMarkerAt(output, marker);
  // Canonical first: a format may read the marker itself (GigaChat's separator, harmony's `<|return|>`).
  const asText = (text: string | undefined): boolean => text !== undefined && text.trimEnd().endsWith(marker);
  if (at < 0 || !(asText(whole.content) || asText(whole.reasoning_content))) return whole;
  const read = readWithout(output.slice(0, at));
  // Without the marker the rest must read (else the marker was no end of turn).
  if (read.warnings?.some((w) => w.code === 'unparsed' || w.code === 'rejected') === true) return whole;
  const warning: ParseWarning = {
    code: 'recovered',
    rule: TRAILING_END_OF_TURN_RULE,
    offset: at,
    message: `recovered by "${TRAILING_END_OF_TURN_RULE}" at offset ${at}: the end-of-turn marker ${JSON.stringify(marker)} written at the end of the output is not part of the answer`,
  };
  return { ...read, warnings: [...(read.warnings ?? []), warning] };
}
