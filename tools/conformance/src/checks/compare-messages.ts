/** A tool call as both the product and the data carry it; `id` absent means empty. */
export interface ComparableToolCall {
  id?: string | null | undefined;
  function: { name: string; arguments: string };
}

/** The parts of an assistant message the conformance procedure compares. */
export interface ComparableMessage {
  role: string;
  content?: string | null | undefined;
  reasoning_content?: string | null | undefined;
  tool_calls?: readonly ComparableToolCall[] | null | undefined;
}

/** The first field where two messages differ, with short excerpts of both sides. */
export interface MessageDifference {
  /** e.g. `content`, `tool_calls.length`, `tool_calls[1].arguments`. */
  field: string;
  /** Excerpt of the first message's value, JSON-quoted. */
  expected: string;
  /** Excerpt of the second message's value, JSON-quoted. */
  actual: string;
}

// The reference strips with C `isspace` (space, \t, \n, \v, \f, \r); String#trim would also eat
// Unicode spaces such as U+3000, which a template may emit on purpose.
const ASCII_SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;
const strip = (text: string | null | undefined): string => (text ?? '').replace(ASCII_SPACE, '');

const EXCERPT = 40;

/** Both values cut around their first difference, so a long message still gives a readable reason. */
function excerpts(a: string, b: string): [string, string] {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 10);
  const cut = (text: string): string =>
    (from > 0 ? '…' : '') + JSON.stringify(text.slice(from, from + EXCERPT)) + (text.length > from + EXCERPT ? '…' : '');
  return [cut(a), cut(b)];
}

function textDifference(field: string, a: string, b: string): MessageDifference | undefined {
  if (a === b) return undefined;
  const [expected, actual] = excerpts(a, b);
  return { field, expected, actual };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Deep equality of parsed JSON values; object key order does not matter (JSON objects are unordered). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}

/** Arguments compare as JSON values when both sides parse, else as strings (data README). */
function argumentsEqual(a: string, b: string): boolean {
  const left = parseJson(a);
  const right = parseJson(b);
  if (left.ok && right.ok) return jsonEqual(left.value, right.value);
  return a === b;
}

/**
 * The conformance comparison of two assistant messages (data README, "How a case passes"):
 * `role` exactly; `content` and `reasoning_content` after stripping surrounding whitespace
 * (absent = empty); tool calls by count, then `name` exactly, `id` exactly (absent = empty) and
 * `arguments` as JSON values (as strings when either side does not parse).
 *
 * @returns The first difference, or `undefined` when the messages are equal.
 */
export function compareMessages(expected: ComparableMessage, actual: ComparableMessage): MessageDifference | undefined {
  if (expected.role !== actual.role) {
    return { field: 'role', expected: JSON.stringify(expected.role), actual: JSON.stringify(actual.role) };
  }
  const text =
    textDifference('content', strip(expected.content), strip(actual.content)) ??
    textDifference('reasoning_content', strip(expected.reasoning_content), strip(actual.reasoning_content));
  if (text !== undefined) return text;
  const expectedCalls = expected.tool_calls ?? [];
  const actualCalls = actual.tool_calls ?? [];
  if (expectedCalls.length !== actualCalls.length) {
    return { field: 'tool_calls.length', expected: String(expectedCalls.length), actual: String(actualCalls.length) };
  }
  for (const [i, want] of expectedCalls.entries()) {
    const got = actualCalls[i];
    if (got === undefined) continue; // unreachable: the lengths are equal
    const field = `tool_calls[${i}]`;
    const difference =
      textDifference(`${field}.name`, want.function.name, got.function.name) ??
      textDifference(`${field}.id`, want.id ?? '', got.id ?? '');
    if (difference !== undefined) return difference;
    if (!argumentsEqual(want.function.arguments, got.function.arguments)) {
      const [left, right] = excerpts(want.function.arguments, got.function.arguments);
      return { field: `${field}.arguments`, expected: left, actual: right };
    }
  }
  return undefined;
}
