/**
 * Python's `str()` and `repr()` of template values. Templates print lists, dicts, `None`
 * and booleans the way Python does (`['a', 'b']`, `{'a': 1}`, `None`, `True`), not as JSON.
 *
 * @internal
 */
import { AttrBag, PyCallable, PyDict, PyFloat, PyIterator, PyTuple, type Value } from './values.js';

/** `repr(float)`: the shortest round-tripping digits, in Python's layout. */
export function formatFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa = '0', expPart = '0'] = Math.abs(x).toExponential().split('e');
  const exp = Number(expPart);
  const digits = mantissa.replace('.', '');
  const sign = x < 0 ? '-' : '';
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1);
    return `${sign}${intPart}.${frac === '' ? '0' : frac}`;
  }
  const expText = `${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return `${sign}${mantissa}e${expText}`;
}

// Characters Python's str.isprintable() rejects (other than the escapes handled first).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `str(int)`: plain digits, also past 1e21 where JS switches to exponents. */
export function formatInt(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : BigInt(n).toString();
}

/** `repr(str)`: single quotes unless the text holds `'` and no `"`. */
export function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) out += escapeCodePoint(ch.codePointAt(0) ?? 0);
    else out += ch;
  }
  return out + quote;
}

function escapeCodePoint(cp: number): string {
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** `repr(value)`: how a value prints inside a container. */
export function pyRepr(value: Value): string {
  if (typeof value === 'string') return reprString(value);
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof PyTuple) {
    const inner = value.items.map(pyRepr).join(', ');
    return value.items.length === 1 ? `(${inner},)` : `(${inner})`;
  }
  if (value instanceof PyDict) {
    return `{${value.entries().map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(', ')}}`;
  }
  return pyStr(value);
}

/** `str(value)`: how a value prints in output, in `~` and in `|string`. Undefined prints nothing. */
export function pyStr(value: Value): string {
  if (value === undefined) return '';
  if (value === null) return 'None';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return formatInt(value);
  if (value instanceof PyFloat) return formatFloat(value.value);
  if (value instanceof AttrBag) {
    const attrs = [...value.attrs].map(([k, v]) => `${k}=${pyRepr(v)}`).join(', ');
    return value.kind === 'namespace' ? `<Namespace {${attrs}}>` : '<LoopContext>';
  }
  if (value instanceof PyCallable) return `<function ${value.name}>`;
  if (value instanceof PyIterator) return '<generator object>';
  return pyRepr(value);
}
