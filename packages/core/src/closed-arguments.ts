import { cutEscapeLength } from '@autoparser/chat-mapper';
import { jsonPrefix, type JsonPrefix } from './json-prefix.js';

/** The recovery that ends a string value never closed where a marker (the call's closer) starts. */
export const STRING_AT_CLOSER_RULE = 'unterminated-string-at-closer';

/** Token-like markers (`</tool_call>`, `<tool_call|>`, `[ARGS]`): where a value string that never closed ended. */
function tokenMarkers(markers: readonly string[]): string[] {
  // As they appear inside a JSON string (a quote in a marker is escaped there).
  return markers.filter((m) => m.length >= 3 && /^[<[].*[>\]]$/u.test(m) && !/\s/u.test(m)).map((m) => JSON.stringify(m).slice(1, -1));
}

const tokenLists = new WeakMap<readonly string[], string[]>();

function tokensOf(markers: readonly string[]): string[] {
  let tokens = tokenLists.get(markers);
  if (tokens === undefined) tokenLists.set(markers, (tokens = tokenMarkers(markers)));
  return tokens;
}

/**
 * Where the text of a string value left open ends, as far as a stream may show it: before
 * the first marker written in it, or a marker being written at its end, with the brackets
 * and layout right before it (the call's closer: Gemma's `}<tool_call|>`, Hermes'
 * `}}\n</tool_call>`); a trailing run of brackets or layout waits too (a closer may
 * follow), and so does an escape cut short. `marker`: a whole marker ends it.
 */
function openStringEnd(content: string, markers: readonly string[]): { readonly end: number; readonly marker: boolean } {
  let end = content.length - cutEscapeLength(content);
  let marker = false;
  const tokens = tokensOf(markers);
  for (const token of tokens) {
    const at = content.indexOf(token);
    if (at >= 0 && at < end) {
      end = at;
      marker = true;
    }
  }
  if (!marker) {
    let cut = 0;
    for (const token of tokens) {
      for (let n = Math.min(token.length - 1, end); n > cut; n--) {
        if (content.startsWith(token.slice(0, n), end - n)) {
          cut = n;
          break;
        }
      }
    }
    end -= cut;
  }
  return { end: closerRunStart(content, end), marker };
}

/** The start of the run of closing brackets and layout (raw or escaped) that ends at `end`. */
function closerRunStart(content: string, end: number): number {
  let at = end;
  for (;;) {
    const ch = content[at - 1];
    if (ch !== undefined && /[\s}\]]/u.test(ch)) at--;
    else if (ch !== undefined && 'ntr'.includes(ch) && content[at - 2] === '\\' && oddBackslashes(content, at - 2)) at -= 2;
    else return at;
  }
}

function oddBackslashes(text: string, last: number): boolean {
  let n = 0;
  while (text[last - n] === '\\') n++;
  return n % 2 === 1;
}

/**
 * The part of unfinished arguments a stream shows: up to where they could be closed (a key,
 * colon, comma or literal being written waits), and in a string value left open up to
 * {@link openStringEnd}. So whatever the output does next, the arguments its end closes
 * (see {@link closeArguments}) extend what was shown. Arguments that are no JSON object
 * (yet) are shown as they are.
 */
export function shownArguments(args: string, markers: readonly string[]): string {
  const scan = jsonPrefix(args);
  // An object that went astray shows as far as it was JSON (the final read closes it there).
  if (!scan.valid && scan.object) return args.slice(0, scan.pendingValue?.at ?? Math.max(0, scan.safe));
  if (!scan.valid || !scan.object || scan.whole) return args;
  if (scan.openString !== undefined) return args.slice(0, scan.openString.from + openStringEnd(args.slice(scan.openString.from), markers).end);
  // A member whose value is due shows its key, as the reference shows it (`{"arg1": `).
  if (scan.pendingValue !== undefined) return args.slice(0, scan.pendingValue.at);
  return scan.safe < 0 ? args : args.slice(0, scan.safe);
}

/** One way to close unfinished arguments: the JSON text, and the text of the arguments it leaves out. */
export interface ClosedArguments {
  readonly text: string;
  readonly dropped: string;
  /** The string value ended at a marker (the {@link STRING_AT_CLOSER_RULE} site). */
  readonly atCloser: boolean;
}

/**
 * The ways to close arguments the output left unfinished, best first (none: they are whole,
 * or no JSON object). In a string value left open: ended at the marker written in it (the
 * call's closer), or before a trailing run of closing brackets, then at the very end; else
 * at the last point where they could be closed. Each extends {@link shownArguments}.
 */
export function closings(args: string, markers: readonly string[]): ClosedArguments[] {
  // A call shown before its arguments started: no arguments.
  if (args.trim() === '') return [{ text: '{}', dropped: '', atCloser: false }];
  const scan = jsonPrefix(args);
  if (!scan.valid && scan.object) return strayClosing(args, scan);
  if (!scan.valid || !scan.object || scan.whole) return [];
  const open = scan.openString;
  const pending = scan.pendingValue;
  // The key a stream showed stays; the value the output never wrote is null.
  if (open === undefined && pending !== undefined) return [{ text: `${args.slice(0, pending.at)}null${pending.closers}`, dropped: args.slice(pending.at), atCloser: false }];
  if (open === undefined) return scan.safe < 0 ? [] : [{ text: args.slice(0, scan.safe) + scan.closersAtSafe, dropped: args.slice(scan.safe), atCloser: false }];
  const content = args.slice(open.from);
  const { end, marker } = openStringEnd(content, markers);
  const close = (at: number, atCloser: boolean): ClosedArguments => ({
    text: `${args.slice(0, open.from + at)}"${open.closers}`,
    dropped: content.slice(at),
    atCloser,
  });
  const whole = content.length - cutEscapeLength(content);
  const out: ClosedArguments[] = [];
  if (marker) out.push(close(end, true));
  else if (end < whole && /[}\]]/u.test(content.slice(end, whole))) out.push(close(end, false));
  out.push(close(whole, false));
  return out;
}

/**
 * The closing of object arguments that went astray (a stray character where JSON goes on,
 * `{"a": 'x`): at the last point they were JSON, a member whose value never came with
 * `null`; the rest is the model's text, left out.
 */
function strayClosing(args: string, scan: JsonPrefix): ClosedArguments[] {
  const pending = scan.pendingValue;
  if (pending !== undefined) return [{ text: `${args.slice(0, pending.at).trimEnd()}null${pending.closers}`, dropped: args.slice(pending.at), atCloser: false }];
  return scan.safe < 0 ? [] : [{ text: args.slice(0, scan.safe) + scan.closersAtSafe, dropped: args.slice(scan.safe), atCloser: false }];
}

/** Whether `text` is a JSON object, as a client's `JSON.parse` reads arguments. */
export function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

// A control character (U+0000 to U+001F), or a backslash (an escape JSON may not know).
const CONTROL_OR_ESCAPE = /[^ -[\]-\u{10ffff}]/u;

/** The characters JSON lets a backslash escape (`u` starts a code point). */
const JSON_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * `args` as JSON text a client's `JSON.parse` reads (value typing): raw control characters
 * written inside its strings (a tab, a newline the parser took as string text) escaped, and
 * escapes JSON does not know (Python's `\'`, a stray `\q`) written as Python reads them
 * (`'`, a backslash and `q`); layout between values stays. A character-by-character
 * rewrite, so the rewrite of a prefix is a prefix of the rewrite of the whole (but for an
 * escape cut short, which a stream holds back): a stream shows it as the final read does.
 */
export function escapeControls(args: string): string {
  if (!CONTROL_OR_ESCAPE.test(args)) return args;
  // Copied in runs: only what must change is rewritten.
  let out = '';
  let copied = 0;
  let inString = false;
  const put = (at: number, skip: number, text: string): void => {
    out += args.slice(copied, at) + text;
    copied = at + skip;
  };
  for (let i = 0; i < args.length; i++) {
    const code = args.charCodeAt(i);
    if (inString && code === 0x5c) {
      const next = args[i + 1];
      if (next !== undefined && !JSON_ESCAPES.has(next)) put(i, 2, next === "'" ? next : `\\\\${next.charCodeAt(0) < 0x20 ? JSON.stringify(next).slice(1, -1) : next}`);
      i++;
      continue;
    }
    if (code === 0x22) inString = !inString;
    else if (inString && code < 0x20) put(i, 1, JSON.stringify(args[i]).slice(1, -1));
  }
  return copied === 0 ? args : out + args.slice(copied);
}
