import type { AssistantMessage, ChatDelta } from '@autoparser/core';

// A word: a maximal run of letters, digits and underscores. Whitespace and punctuation are
// layout or JSON syntax a parser may legitimately rewrite (`{"a": 1}` → `{"a":1}`).
const WORD = /[\p{L}\p{N}_]+/gu;

/** A word as compared: case-folded (Python's `True` is JSON's `true`), `None` as `null`. */
const fold = (word: string): string => {
  const lower = word.toLowerCase();
  return lower === 'none' ? 'null' : lower;
};

/** How many times each (folded) word occurs in `text`. */
function wordCounts(text: string, into = new Map<string, number>()): Map<string, number> {
  for (const [word] of text.matchAll(WORD)) {
    const folded = fold(word);
    into.set(folded, (into.get(folded) ?? 0) + 1);
  }
  return into;
}

/** Every string of a JSON value and the keys of its objects, one per line. */
function jsonStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') into.push(String(value));
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      jsonStrings(v, into);
    }
  }
}

/** The texts a message holds: content, reasoning, call names and ids, arguments as written and decoded. */
function messageTexts(message: AssistantMessage): { readonly plain: string[]; readonly args: { raw: string; decoded: string | undefined }[] } {
  const plain = [message.content, message.reasoning_content ?? ''];
  const args: { raw: string; decoded: string | undefined }[] = [];
  for (const call of message.tool_calls ?? []) {
    plain.push(call.function.name, call.id ?? '');
    let decoded: string | undefined;
    try {
      const strings: string[] = [];
      jsonStrings(JSON.parse(call.function.arguments) as unknown, strings);
      decoded = strings.join('\n');
    } catch {
      // Arguments that are no JSON count as written.
    }
    args.push({ raw: call.function.arguments, decoded });
  }
  return { plain, args };
}

/**
 * The words a message holds, with `markers` cut out of its texts: each argument counted as
 * written or as decoded JSON, whichever has more of a word (an argument written raw in an
 * XML-style format is escaped in the JSON text: `\nfoo`).
 */
function messageWords(message: AssistantMessage, markers: readonly string[] = []): Map<string, number> {
  const { plain, args } = messageTexts(message);
  const counts = wordCounts(withoutMarkers(plain.join('\n'), markers));
  for (const { raw, decoded } of args) {
    const asWritten = wordCounts(withoutMarkers(raw, markers));
    const asDecoded = decoded === undefined ? new Map<string, number>() : wordCounts(withoutMarkers(decoded, markers));
    for (const word of new Set([...asWritten.keys(), ...asDecoded.keys()])) {
      counts.set(word, (counts.get(word) ?? 0) + Math.max(asWritten.get(word) ?? 0, asDecoded.get(word) ?? 0));
    }
  }
  return counts;
}

// Marker lists sorted longest first, per list (a family's list serves every case).
const longestFirst = new WeakMap<readonly string[], readonly string[]>();

/** `text` with every occurrence of a marker replaced by a space, longest markers first. */
export function withoutMarkers(text: string, markers: readonly string[]): string {
  let sorted = longestFirst.get(markers);
  if (sorted === undefined) {
    sorted = [...new Set(markers)].filter((m) => m !== '').sort((a, b) => b.length - a.length);
    longestFirst.set(markers, sorted);
  }
  let out = text;
  for (const marker of sorted) if (out.includes(marker)) out = out.split(marker).join(' ');
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * `text` without a trailing proper prefix of a marker (`…<|tool_`): a marker cut short as it
 * was written. The prefix must not start inside a word (`None` is no cut `e…` marker).
 */
export function withoutCutMarker(text: string, markers: readonly string[]): string {
  let cut = 0;
  for (const marker of markers) {
    for (let n = Math.min(marker.length - 1, text.length); n > cut; n--) {
      const start = text.length - n;
      const inWord = WORD_CHAR.test(text[start] ?? '') && WORD_CHAR.test(text[start - 1] ?? '');
      if (!inWord && text.endsWith(marker.slice(0, n))) {
        cut = n;
        break;
      }
    }
  }
  return text.slice(0, text.length - cut);
}

/** Occurrences of `needle` in `haystack`, not overlapping. */
function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * The words of `input` the message lost. The definition (also in the README): drop a
 * trailing prefix of a marker (the marker being written when the output was cut), cut every
 * recognised marker (`markers`: the parser's literals and delimiters, preserved tokens,
 * reasoning tags) out of the input and out of the message's texts — content, reasoning,
 * call names and ids, arguments as written and decoded. Every word left in the input (a
 * maximal run of letters, digits and `_`, case-folded, Python's `None` read as `null`) must
 * occur in the message at least as many times as in the input — as a word, or else inside
 * one (a parser that drops a marker glues its neighbours: `a<|START|>Hello` → `aHello`) —
 * except the words of the format's vocabulary (`exempt`: the template source's and the
 * markers' words, e.g. the keys `name` and `arguments` a JSON call format spells out).
 * Counting, not just presence, catches a parser that drops a duplicated paragraph. Words,
 * not characters: layout and JSON punctuation may be rewritten (`{"a": 1}` → `{"a":1}`).
 */
export function lostWords(input: string, message: AssistantMessage, markers: readonly string[], exempt: ReadonlySet<string>): string[] {
  const kept = messageWords(message, markers);
  let folded: string | undefined;
  const lost: string[] = [];
  for (const [word, count] of wordCounts(withoutMarkers(withoutCutMarker(input, markers), markers))) {
    if (exempt.has(word) || count <= (kept.get(word) ?? 0)) continue;
    if (folded === undefined) {
      const { plain, args } = messageTexts(message);
      folded = [...plain, ...args.flatMap((a) => [a.raw, a.decoded ?? ''])].join('\n').toLowerCase().replace(/\bnone\b/gu, 'null');
    }
    if (occurrences(folded, word) < count) lost.push(word);
  }
  return lost;
}

/**
 * {@link lostWords} outside the matches of `within` (a global regex): the words a known
 * finding's spans do not cover. A match that holds the name of a call the message made is
 * not left out: text lost from a call is never the finding.
 */
export function lostOutside(input: string, message: AssistantMessage, within: RegExp, markers: readonly string[], exempt: ReadonlySet<string>): string[] {
  const names = (message.tool_calls ?? []).map((call) => call.function.name).filter((name) => name !== '');
  const outside = input.replace(within, (span) => (names.some((name) => span.includes(name)) ? span : '\n'));
  return lostWords(outside, message, markers, exempt);
}

/** The folded words of `texts` (see {@link lostWords}): a family's exempt vocabulary. */
export function vocabularyOf(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((text) => [...wordCounts(text).keys()]));
}

/** The message a stream's deltas add up to; absent text is `''`. */
export interface StreamedMessage {
  /** Concatenated content deltas. */
  content: string;
  /** Concatenated reasoning deltas. */
  reasoning: string;
  /** Calls in index order: the name last sent (`''` before one) and concatenated arguments. */
  calls: { name: string; id: string; arguments: string }[];
}

/** A new, empty {@link StreamedMessage}. */
export const emptyStreamed = (): StreamedMessage => ({ content: '', reasoning: '', calls: [] });

/**
 * Applies `delta` to `message` (in place). Returns why the delta retracts what was sent —
 * it renames a call that already had a name, or re-ids one — or `undefined` when it only
 * appends. (A delta cannot remove text by construction: a stream that would have to take
 * text back ends on another message than the parse, a stream mismatch.)
 */
export function applyStreamDelta(message: StreamedMessage, delta: ChatDelta): string | undefined {
  message.content += delta.content ?? '';
  message.reasoning += delta.reasoning_content ?? '';
  let retraction: string | undefined;
  for (const part of delta.tool_calls ?? []) {
    while (message.calls.length <= part.index) message.calls.push({ name: '', id: '', arguments: '' });
    const call = message.calls[part.index]!;
    const name = part.function.name;
    if (name !== undefined && name !== '') {
      if (call.name !== '' && call.name !== name) retraction ??= `call ${part.index} renamed ${JSON.stringify(call.name)} → ${JSON.stringify(name)}`;
      call.name = name;
    }
    if (part.id !== undefined && part.id !== '') {
      if (call.id !== '' && call.id !== part.id) retraction ??= `call ${part.index} re-identified ${JSON.stringify(call.id)} → ${JSON.stringify(part.id)}`;
      call.id = part.id;
    }
    call.arguments += part.function.arguments ?? '';
  }
  return retraction;
}

/** Why the streamed message differs from the parse of the whole output (each call's id too), or `undefined` when it equals it. */
export function streamDifference(streamed: StreamedMessage, parsed: AssistantMessage): string | undefined {
  if (streamed.content !== parsed.content) return `content ${JSON.stringify(streamed.content)} ≠ ${JSON.stringify(parsed.content)}`;
  if (streamed.reasoning !== (parsed.reasoning_content ?? '')) return `reasoning ${JSON.stringify(streamed.reasoning)} ≠ ${JSON.stringify(parsed.reasoning_content ?? '')}`;
  const calls = parsed.tool_calls ?? [];
  if (streamed.calls.length !== calls.length) return `${streamed.calls.length} calls streamed, ${calls.length} parsed`;
  for (const [i, call] of calls.entries()) {
    const got = streamed.calls[i]!;
    if (got.name !== call.function.name) return `call ${i} name ${JSON.stringify(got.name)} ≠ ${JSON.stringify(call.function.name)}`;
    if (got.arguments !== call.function.arguments) return `call ${i} arguments ${JSON.stringify(got.arguments)} ≠ ${JSON.stringify(call.function.arguments)}`;
    if (got.id !== (call.id ?? '')) return `call ${i} id ${JSON.stringify(got.id)} ≠ ${JSON.stringify(call.id ?? '')}`;
  }
  return undefined;
}

/** `text` cut into chunks of `sizes` code points, cycling through `sizes` (one chunk when it is empty); no chunk is empty. */
export function chunksOf(text: string, sizes: readonly number[]): string[] {
  const points = [...text];
  if (sizes.length === 0) return points.length === 0 ? [] : [text];
  const chunks: string[] = [];
  for (let at = 0, i = 0; at < points.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!);
    chunks.push(points.slice(at, at + n).join(''));
    at += n;
  }
  return chunks;
}

/**
 * Why a final message's tool calls are not all usable: the first call whose `arguments` a
 * client's `JSON.parse` does not read as a JSON object, or `undefined` when all are.
 */
export function invalidArguments(message: AssistantMessage): string | undefined {
  for (const [i, call] of (message.tool_calls ?? []).entries()) {
    let value: unknown;
    try {
      value = JSON.parse(call.function.arguments);
    } catch {
      return `call ${i} arguments ${JSON.stringify(call.function.arguments.slice(0, 80))} are not JSON`;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `call ${i} arguments ${JSON.stringify(call.function.arguments.slice(0, 80))} are no JSON object`;
  }
  return undefined;
}
