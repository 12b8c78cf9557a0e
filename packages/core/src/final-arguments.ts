import { functionTools, type ChatTool, type ChatToolCallOut } from '@autoparser/chat-mapper';
import { onlyMarkers } from './arena-markers.js';
import { jsonPrefix } from './json-prefix.js';
import { closings, escapeControls, isJsonObjectText, shownArguments, STRING_AT_CLOSER_RULE, type ClosedArguments } from './closed-arguments.js';
import type { ParsedMessage } from './read-chat-output.js';
import type { ParseWarning } from './parse-warning.js';
import { argumentsMisfit } from './recovered-calls.js';

/** How a final read closes arguments the output ended in (reported as `truncated`: the output was cut). */
const CLOSED_AT_END_RULE = 'arguments-closed-at-end';

/**
 * How a stream shows its calls' arguments (one per reader, so interleaved streams never
 * share it): each partial read shows its last call's unfinished arguments only as far as
 * {@link shownArguments}, so a final read can close them without taking back what a stream
 * sent. It remembers the last read's calls: finished calls are the same objects read after
 * read, so only the calls from the last one on are worked out again.
 */
export class ShownCalls {
  private calls: readonly ChatToolCallOut[] | undefined;
  private markers: readonly string[] | undefined;
  /** The shown calls, when any differs from the read's (else the read's calls are shown). */
  private shown: readonly ChatToolCallOut[] | undefined;
  /** The first call shown differently from the read's (`Infinity`: none). */
  private firstChanged = Infinity;
  /**
   * The last call as last read (index and arguments) when it was shown whole and its
   * arguments end inside an open string: plain text appended to it is shown whole too.
   */
  private plain: { readonly index: number; readonly args: string } | undefined;

  /**
   * `message` with its calls as a stream shows them, or `undefined` when unchanged.
   * `callsFrom`: the calls before it are the objects the previous read held (the mapper
   * says so), so they are not compared; absent, they are compared by identity. `added`:
   * what the read appended to each call's arguments, by index, where the mapper knows.
   */
  hold(message: ParsedMessage, markers: readonly string[], callsFrom?: number, added?: ReadonlyMap<number, string | undefined>): ParsedMessage | undefined {
    const calls = message.tool_calls;
    if (calls === undefined || calls.length === 0) {
      this.reset();
      return undefined;
    }
    const before = this.calls;
    let same = 0;
    if (before !== undefined && this.markers === markers) {
      // The previous read's last call was unfinished: it is worked out again.
      const limit = Math.min(before.length - 1, calls.length - 1);
      if (callsFrom !== undefined) same = Math.max(0, Math.min(callsFrom, limit));
      else while (same < limit && calls[same] === before[same]) same++;
    }
    const kept = this.firstChanged < same;
    let firstChanged = kept ? this.firstChanged : Infinity;
    const tail: ChatToolCallOut[] = [];
    const last = calls.length - 1;
    const plain = this.plain;
    this.plain = undefined;
    for (let i = same; i < calls.length; i++) {
      const call = calls[i]!;
      const args = call.function.arguments;
      const add = i === last ? added?.get(i) : undefined;
      // Text that can neither end the open string nor start an escape, a marker, a bracket
      // or layout leaves nothing to hold back: the scan of the whole is skipped.
      const grewPlainly = plain !== undefined && plain.index === i && add !== undefined && args.length === plain.args.length + add.length && PLAIN_TEXT.test(add) && !/\s$/u.test(add);
      const out = grewPlainly ? call : shownCall(call, i === last, markers);
      if (i === last && out === call && args.length <= HOLD_LIMIT && (grewPlainly || jsonPrefix(args).openString !== undefined)) this.plain = { index: i, args };
      tail.push(out);
      if (out !== call && firstChanged === Infinity) firstChanged = i;
    }
    let shown: ChatToolCallOut[] | undefined;
    if (firstChanged !== Infinity) {
      shown = kept ? this.shown!.slice(0, same) : calls.slice(0, same);
      for (const out of tail) shown.push(out);
    }
    this.calls = calls;
    this.markers = markers;
    this.shown = shown;
    this.firstChanged = firstChanged;
    return shown === undefined ? undefined : { ...message, tool_calls: shown };
  }

  /** Forgets the last read (the next one is compared by identity from the start). */
  reset(): void {
    this.plain = undefined;
    this.calls = undefined;
    this.shown = undefined;
    this.firstChanged = Infinity;
  }
}

/**
 * Arguments longer than this show as the mapper wrote them while streaming, and close only
 * at their end: holding back reads their whole text on every push, which would make a long
 * stream quadratic. (An incremental scan of what each push adds is the better fix.)
 */
const HOLD_LIMIT = 4 * 1024;

/** Text that ends with no blank and holds no quote, backslash, bracket, marker start or control character. */
const PLAIN_TEXT = /^[ !#-;=?-Z^-z|~-\u{10ffff}]*[!#-;=?-Z^-z|~-\u{10ffff}]$/u;

/** How a partial read shows one call (see {@link ShownCalls}); `call` itself when unchanged. */
function shownCall(call: ChatToolCallOut, last: boolean, markers: readonly string[]): ChatToolCallOut {
  if (call.function.arguments.length > HOLD_LIMIT) return call;
  const escaped = escapeControls(call.function.arguments);
  // Whole arguments that are JSON but no object never show: the final read makes them content.
  if (isNonObjectJson(escaped)) return withArguments(call, '');
  const args = last ? shownArguments(escaped, markers) : escaped;
  return args === call.function.arguments ? call : withArguments(call, args);
}

/**
 * {@link ShownCalls.hold} for a read the output breaks in (`unparsed`): what the last
 * call holds back can never be shown as arguments, so it is returned as `tail`, the text the
 * content goes on with.
 */
export function holdWithTail(message: ParsedMessage, markers: readonly string[]): { readonly message: ParsedMessage; readonly tail: string } {
  const held = new ShownCalls().hold(message, markers);
  const before = message.tool_calls?.at(-1)?.function.arguments;
  const after = held?.tool_calls?.at(-1)?.function.arguments;
  if (held === undefined || before === undefined || after === undefined) return { message, tail: '' };
  const escaped = escapeControls(before);
  return { message: held, tail: escaped.startsWith(after) ? escaped.slice(after.length) : '' };
}

const withArguments = (call: ChatToolCallOut, args: string): ChatToolCallOut => ({ ...call, function: { ...call.function, arguments: args } });

/** Whether `text` is whole JSON (a string, number, array, literal) that is no object. */
function isNonObjectJson(text: string): boolean {
  // Arguments that open an object are never this (and a stream's long ones are not parsed each push).
  const first = /\S/u.exec(text.slice(0, 64))?.[0];
  if (first === undefined || first === '{') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether `args` fit the schema of the declared tool `name` (true when it is not declared: nothing to check against). */
function fits(args: string, name: string, tools: readonly ChatTool[]): boolean {
  const tool = functionTools(tools).find((t) => t.function.name === name);
  return tool === undefined || argumentsMisfit(args, tool, false) === undefined;
}

/** The text a closing leaves out of the arguments that is the model's text, not the closer's markup ('' for none). */
function droppedText(closed: ClosedArguments, markers: readonly string[]): string {
  let text = closed.dropped;
  try {
    const decoded = JSON.parse(`"${text}"`) as string;
    // Decoded only where that changes no word: text after a closer written inside a string
    // was never the string's (`\ngtzczfv` is the model's text, not a line break and `gtzczfv`).
    if (sameWords(decoded, text)) text = decoded;
  } catch {
    // Not a whole JSON string's text (a raw control character): kept as written.
  }
  return text.trim() === '' || onlyMarkers(text, markers) ? '' : text;
}

const WORDS = /[\p{L}\p{N}_]+/gu;

/** Whether `a` and `b` hold the same words, in order. */
function sameWords(a: string, b: string): boolean {
  return (a.match(WORDS) ?? []).join(' ') === (b.match(WORDS) ?? []).join(' ');
}

/**
 * A final read whose every call holds arguments that `JSON.parse` reads as an object. A
 * call whose arguments the output left unfinished is closed: lenient, a string value never
 * closed ends where the marker written in it (the call's closer) starts, or before the
 * brackets the output ends on (`unterminated-string-at-closer`), when that fits the tool's
 * schema; else (and in strict mode) the open string and containers close at the end
 * (`arguments-closed-at-end`, a `truncated` read). Each extends what a stream showed (see
 * {@link ShownCalls}); text the closing leaves out (a key cut short, text
 * after the closer) goes to the content. `offset`: the output's length.
 */
export function closeFinalArguments(message: ParsedMessage, markers: readonly string[], tools: readonly ChatTool[], lenient: boolean, offset: number): ParsedMessage {
  const calls = message.tool_calls;
  if (calls === undefined || calls.every((c) => isJsonObjectText(c.function.arguments))) return message;
  const warnings: ParseWarning[] = [...(message.warnings ?? [])];
  let content = message.content;
  // One `truncated` note for the read, unless it has one (or broke: `unparsed`).
  const noteClosedAtEnd = (call: ChatToolCallOut): void => {
    if (warnings.some((w) => w.code === 'truncated' || w.code === 'unparsed')) return;
    warnings.push({ code: 'truncated', offset, message: `the output ended inside the arguments of "${call.function.name}"; they are closed where they end (${CLOSED_AT_END_RULE})` });
  };
  const closed = calls.map((call) => {
    if (call.function.arguments.length > HOLD_LIMIT) {
      // Shown as written while streaming (see HOLD_LIMIT): closed at the end, extending it
      // (raw control characters in its strings must still be escaped, which a stream that
      // showed them cannot follow: open, the incremental scan will hold them back).
      if (isJsonObjectText(call.function.arguments)) return call;
      const written = escapeControls(call.function.arguments);
      const atEnd = closings(written, markers).find((c) => !c.atCloser && c.text.startsWith(written) && isJsonObjectText(c.text));
      if (atEnd !== undefined) {
        noteClosedAtEnd(call);
        return withArguments(call, atEnd.text);
      }
    }
    const args = escapeControls(call.function.arguments);
    if (isNonObjectJson(args)) {
      // No object to hold: the call has none, and what the model wrote there is content.
      content += args;
      warnings.push({ code: 'mapping', offset, message: `the arguments of "${call.function.name}" are JSON but no object (${args.slice(0, 40)}); the call has none ({}), the text is content` });
      return withArguments(call, '{}');
    }
    if (isJsonObjectText(args)) return args === call.function.arguments ? call : withArguments(call, args);
    const options = closings(args, markers).filter((c) => (lenient || !c.atCloser) && isJsonObjectText(c.text));
    const chosen = options.find((c) => fits(c.text, call.function.name, tools)) ?? options.at(-1);
    if (chosen === undefined) return call;
    if (chosen.atCloser) {
      warnings.push({
        code: 'recovered',
        rule: STRING_AT_CLOSER_RULE,
        offset,
        message: `recovered by "${STRING_AT_CLOSER_RULE}" at offset ${offset}: a string value of "${call.function.name}" was never closed, so it ends where the call's closer starts`,
      });
    } else noteClosedAtEnd(call);
    content += droppedText(chosen, markers);
    return withArguments(call, chosen.text);
  });
  return { ...message, content, tool_calls: closed, ...(warnings.length > 0 ? { warnings } : {}) };
}
