/**
 * Python semantics of Jinja's operators: equality, ordering, membership and arithmetic.
 * Strict (Jinja2): `+` joins only two strings (`~` joins anything) and Undefined fails in
 * arithmetic. Otherwise the reference engine's two leniencies apply: string `+`
 * concatenates anything, and `None`/Undefined count as empty text in it.
 *
 * @internal
 */
import { runtimeError } from './errors.js';
import { pyStr } from './py-repr.js';
import {
  isNumber,
  numberOf,
  PyDict,
  PyFloat,
  PyIterator,
  PyTuple,
  sequenceItems,
  typeName,
  type Value,
} from './values.js';

/** Python `==`. */
export function pyEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  const numA = typeof a === 'boolean' || isNumber(a);
  const numB = typeof b === 'boolean' || isNumber(b);
  if (numA && numB) return numberOf(a) === numberOf(b);
  const seqA = sequenceItems(a);
  const seqB = sequenceItems(b);
  if (seqA && seqB) {
    if (Array.isArray(a) !== Array.isArray(b) || seqA.length !== seqB.length) return false;
    return seqA.every((item, i) => pyEquals(item, seqB[i]));
  }
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.size !== b.size) return false;
    return a.entries().every(([k, v]) => b.has(k) && pyEquals(v, b.get(k)));
  }
  return false;
}

/** Python ordering: negative, zero or positive; throws for unorderable types. */
export function pyCompare(a: Value, b: Value): number {
  const numA = typeof a === 'boolean' || isNumber(a);
  const numB = typeof b === 'boolean' || isNumber(b);
  if (numA && numB) return numberOf(a) - numberOf(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const seqA = sequenceItems(a);
  const seqB = sequenceItems(b);
  if (seqA && seqB) {
    for (let i = 0; i < Math.min(seqA.length, seqB.length); i++) {
      const c = pyCompare(seqA[i], seqB[i]);
      if (c !== 0) return c;
    }
    return seqA.length - seqB.length;
  }
  throw runtimeError(`'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** Python `needle in haystack`; anything is not in Undefined. */
export function pyContains(haystack: Value, needle: Value): boolean {
  if (haystack === undefined) return false;
  // Python's `in` consumes a generator up to the first match.
  if (haystack instanceof PyIterator) return haystack.drain().some((item) => pyEquals(item, needle));
  if (typeof haystack === 'string') {
    if (typeof needle !== 'string') {
      throw runtimeError(`'in <string>' requires string as left operand, not ${typeName(needle)}`);
    }
    return haystack.includes(needle);
  }
  const items = sequenceItems(haystack);
  if (items) return items.some((item) => pyEquals(item, needle));
  if (haystack instanceof PyDict) return haystack.has(needle);
  throw runtimeError(`argument of type '${typeName(haystack)}' is not iterable`);
}

function isNullish(v: Value): boolean {
  return v === undefined || v === null;
}

function numeric(result: number, float: boolean): Value {
  return float ? new PyFloat(result) : result;
}

function repeat(seq: Value, times: number): Value | undefined {
  const n = Math.max(0, Math.trunc(times));
  if (typeof seq === 'string') return seq.repeat(n);
  if (Array.isArray(seq)) return Array.from({ length: n }, () => seq).flat();
  return undefined;
}

/**
 * Arithmetic and concatenation: `+ - * / // % **` and `~`. `limitLength` guards the size of
 * strings and lists built by `*` before they are allocated.
 */
export function arithmetic(op: string, a: Value, b: Value, limitLength: (n: number) => void, strict: boolean): Value {
  if (op === '~') return pyStr(a === null ? undefined : a) + pyStr(b === null ? undefined : b);
  // Jinja2's Undefined fails in every arithmetic operator (only `~` prints it as '').
  if (strict && (a === undefined || b === undefined)) throw runtimeError(`an undefined value was used with '${op}'`);
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (!strict && (typeof a === 'string' || typeof b === 'string')) {
      // The reference concatenates a string with anything, None and Undefined as ''.
      return (isNullish(a) ? '' : pyStr(a)) + (isNullish(b) ? '' : pyStr(b));
    }
    if (typeof a === 'string') throw runtimeError(`can only concatenate str (not "${typeName(b)}") to str`);
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof PyTuple && b instanceof PyTuple) return new PyTuple([...a.items, ...b.items]);
  }
  if (op === '*') {
    const [seq, times] = typeof b === 'number' || typeof b === 'boolean' ? [a, b] : [b, a];
    if ((typeof seq === 'string' || Array.isArray(seq)) && (typeof times === 'number' || typeof times === 'boolean')) {
      limitLength(seq.length * Math.max(0, numberOf(times)));
      const result = repeat(seq, numberOf(times));
      if (result !== undefined) return result;
    }
  }
  const numA = typeof a === 'boolean' || isNumber(a);
  const numB = typeof b === 'boolean' || isNumber(b);
  if (!numA || !numB) {
    throw runtimeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
  }
  const x = numberOf(a);
  const y = numberOf(b);
  const float = a instanceof PyFloat || b instanceof PyFloat;
  switch (op) {
    case '+':
      return numeric(x + y, float);
    case '-':
      return numeric(x - y, float);
    case '*':
      return numeric(x * y, float);
    case '/':
      if (y === 0) throw runtimeError('division by zero');
      return new PyFloat(x / y);
    case '//':
      if (y === 0) throw runtimeError('integer division or modulo by zero');
      return numeric(Math.floor(x / y), float);
    case '%': {
      if (y === 0) throw runtimeError('integer division or modulo by zero');
      return numeric(x - y * Math.floor(x / y), float);
    }
    case '**':
      return numeric(x ** y, float || y < 0);
    default:
      throw runtimeError(`unknown operator '${op}'`);
  }
}
