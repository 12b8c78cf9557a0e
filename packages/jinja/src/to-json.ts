/**
 * Python's `json.dumps` as the `tojson` filter calls it (HF transformers passes
 * `ensure_ascii=False`): `", "` / `": "` separators, or `","` between items when indenting,
 * Python float formatting, insertion order unless `sort_keys`.
 *
 * @internal
 */
import { runtimeError } from './errors.js';
import { formatFloat, formatInt } from './py-repr.js';
import { PyCallable, PyDict, PyFloat, PyIterator, PyTuple, typeName, type Value } from './values.js';

/** Options of {@link toJson}, named after `json.dumps`. */
export interface JsonDumpOptions {
  /** Spaces (or a literal string) per level; undefined or null for single-line output. */
  readonly indent?: number | string | null | undefined;
  /** Item and key separators; defaults depend on `indent` as in Python. */
  readonly separators?: readonly [string, string] | undefined;
  /** Escape every non-ASCII character as `\uXXXX`. */
  readonly ensureAscii?: boolean | undefined;
  /** Sort object keys. */
  readonly sortKeys?: boolean | undefined;
  /** Fail on Undefined, as Python's `json.dumps` does, rather than writing `null`. */
  readonly undefinedFails?: boolean | undefined;
}

// Each UTF-16 unit on its own, so astral characters become surrogate-pair escapes as in Python.
const NON_ASCII = /[\u0080-\uffff]/g;

function dumpString(s: string, ensureAscii: boolean): string {
  const json = JSON.stringify(s);
  if (!ensureAscii) return json;
  return json.replace(NON_ASCII, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

function keyText(key: Value): string {
  if (typeof key === 'string') return key;
  if (key === null) return 'null';
  if (typeof key === 'boolean') return key ? 'true' : 'false';
  if (typeof key === 'number') return formatInt(key);
  if (key instanceof PyFloat) return formatFloat(key.value);
  throw runtimeError(`keys must be str, int, float, bool or None, not ${typeName(key)}`);
}

/** Serialises a template value to JSON text. */
export function toJson(value: Value, options: JsonDumpOptions = {}): string {
  const indentUnit =
    options.indent === undefined || options.indent === null
      ? undefined
      : typeof options.indent === 'number'
        ? ' '.repeat(Math.max(0, options.indent))
        : options.indent;
  const [itemSep, keySep] = options.separators ?? (indentUnit === undefined ? [', ', ': '] : [',', ': ']);
  const ensureAscii = options.ensureAscii ?? false;
  const active = new Set<object>();

  const dump = (v: Value, depth: number): string => {
    if (v === undefined && options.undefinedFails) throw runtimeError('Object of type Undefined is not JSON serializable');
    if (v === undefined || v === null) return 'null';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number') return formatInt(v);
    if (typeof v === 'string') return dumpString(v, ensureAscii);
    if (v instanceof PyFloat) {
      if (Number.isNaN(v.value)) return 'NaN';
      if (!Number.isFinite(v.value)) return v.value > 0 ? 'Infinity' : '-Infinity';
      return formatFloat(v.value);
    }
    if (v instanceof PyCallable) throw runtimeError(`Object of type function is not JSON serializable`);
    if (v instanceof PyIterator) throw runtimeError(`Object of type generator is not JSON serializable`);
    if (active.has(v)) throw runtimeError('Circular reference detected');
    active.add(v);
    try {
      const inner = indentUnit === undefined ? '' : `\n${indentUnit.repeat(depth + 1)}`;
      const outer = indentUnit === undefined ? '' : `\n${indentUnit.repeat(depth)}`;
      const wrap = (open: string, parts: string[], close: string): string =>
        parts.length === 0 ? `${open}${close}` : `${open}${inner}${parts.join(itemSep + inner)}${outer}${close}`;
      if (Array.isArray(v) || v instanceof PyTuple) {
        const items = Array.isArray(v) ? v : v.items;
        return wrap('[', items.map((item) => dump(item, depth + 1)), ']');
      }
      let entries: [string, Value][] =
        v instanceof PyDict ? v.entries().map(([k, val]) => [keyText(k), val]) : [...v.attrs];
      if (options.sortKeys) entries = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return wrap('{', entries.map(([k, val]) => `${dumpString(k, ensureAscii)}${keySep}${dump(val, depth + 1)}`), '}');
    } finally {
      active.delete(v);
    }
  };
  return dump(value, 0);
}
