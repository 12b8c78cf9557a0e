/**
 * The filter table: text and sequence filters plus the generic ones (`default`, `length`,
 * `string`, `tojson`, numbers, mappings). Filters are looked up by name in a Map, so a
 * template cannot name anything but these.
 *
 * @internal
 */
import type { Builtin } from './builtin-types.js';
import { runtimeError } from './errors.js';
import { SEQUENCE_FILTERS } from './filters-sequence.js';
import { TEXT_FILTERS } from './filters-text.js';
import { getPath } from './member-access.js';
import { pyCompare } from './operators.js';
import { pyRepr, pyStr } from './py-repr.js';
import { pyLength } from './py-text.js';
import { toJson } from './to-json.js';
import {
  AttrBag,
  fromJson,
  isNumber,
  numberOf,
  PyDict,
  PyFloat,
  PyTuple,
  sequenceItems,
  truthy,
  typeName,
  type Value,
} from './values.js';

function length(self: Value): number {
  if (self === undefined) return 0;
  if (typeof self === 'string') return pyLength(self);
  const items = sequenceItems(self);
  if (items) return items.length;
  if (self instanceof PyDict) return self.size;
  if (self instanceof AttrBag) return self.attrs.size;
  throw runtimeError(`object of type '${typeName(self)}' has no len()`);
}

function toInt(self: Value, fallback: Value): Value {
  if (typeof self === 'boolean' || isNumber(self)) return Math.trunc(numberOf(self));
  if (typeof self === 'string') {
    const s = self.trim().replace(/_/g, '');
    if (/^[+-]?\d+$/.test(s)) return Number.parseInt(s, 10);
    const f = Number(s);
    if (s !== '' && Number.isFinite(f)) return Math.trunc(f);
  }
  return fallback;
}

function toFloat(self: Value, fallback: Value): Value {
  if (typeof self === 'boolean' || isNumber(self)) return new PyFloat(numberOf(self));
  if (typeof self === 'string' && self.trim() !== '') {
    const f = Number(self.trim());
    if (!Number.isNaN(f)) return new PyFloat(f);
  }
  return fallback;
}

function parseJson(self: Value): Value {
  if (typeof self !== 'string') throw runtimeError(`from_json expects a string, got ${typeName(self)}`);
  try {
    return fromJson(JSON.parse(self) as unknown);
  } catch {
    throw runtimeError('from_json: invalid JSON');
  }
}

function separators(v: Value): [string, string] | undefined {
  const items = sequenceItems(v);
  if (!items) return undefined;
  const [a, b] = items;
  if (items.length !== 2 || typeof a !== 'string' || typeof b !== 'string') {
    throw runtimeError('tojson: separators must be a pair of strings');
  }
  return [a, b];
}

const defaultFilter: Builtin = (self, args) => {
  const useBoolean = args.bool(1, 'boolean', false);
  return self === undefined || (useBoolean && !truthy(self)) ? args.get(0, 'default_value', '') : self;
};

const GENERIC: [string, Builtin][] = [
  ['default', defaultFilter],
  ['d', defaultFilter],
  ['length', (self) => length(self)],
  ['count', (self) => length(self)],
  ['string', (self) => pyStr(self)],
  ['safe', (self) => pyStr(self)],
  ['pprint', (self) => pyRepr(self)],
  ['tojson', (self, args, env) => {
    // HF transformers' tojson: (ensure_ascii=False, indent=None, separators=None, sort_keys=False).
    const indent = args.get(1, 'indent');
    const json = toJson(self, {
      ensureAscii: args.bool(0, 'ensure_ascii', false),
      indent: typeof indent === 'number' || typeof indent === 'string' ? indent : undefined,
      separators: separators(args.get(2, 'separators')),
      sortKeys: args.bool(3, 'sort_keys', false),
      undefinedFails: env.strict,
    });
    env.budget.checkLength(json.length);
    return json;
  }],
  ['from_json', (self, _args, env) => {
    // The reference engine's filter; Jinja2 has none.
    if (env.strict) throw runtimeError("No filter named 'from_json' found.");
    return parseJson(self);
  }],
  ['int', (self, args) => toInt(self, args.get(0, 'default', 0))],
  ['float', (self, args) => toFloat(self, args.get(0, 'default', new PyFloat(0)))],
  ['abs', (self) => {
    if (typeof self === 'number') return Math.abs(self);
    if (self instanceof PyFloat) return new PyFloat(Math.abs(self.value));
    throw runtimeError(`bad operand type for abs(): '${typeName(self)}'`);
  }],
  ['round', (self, args) => {
    if (typeof self !== 'boolean' && !isNumber(self)) throw runtimeError(`round() needs a number, got ${typeName(self)}`);
    const factor = 10 ** args.int(0, 'precision', 0);
    const method = args.string(1, 'method', 'common');
    const x = numberOf(self) * factor;
    const rounded = method === 'ceil' ? Math.ceil(x) : method === 'floor' ? Math.floor(x) : Math.sign(x) * Math.round(Math.abs(x));
    return new PyFloat(rounded / factor);
  }],
  ['items', (self) => {
    if (self === undefined || self === null) return [];
    if (!(self instanceof PyDict)) throw runtimeError(`items filter expects a mapping, got ${typeName(self)}`);
    return self.entries().map(([k, v]) => new PyTuple([k, v]));
  }],
  ['dictsort', (self, args) => {
    if (!(self instanceof PyDict)) throw runtimeError(`dictsort expects a mapping, got ${typeName(self)}`);
    const caseSensitive = args.bool(0, 'case_sensitive', false);
    const byValue = args.string(1, 'by', 'key') === 'value';
    const reverse = args.bool(2, 'reverse', false);
    const key = (entry: [Value, Value]): Value => {
      const k = byValue ? entry[1] : entry[0];
      return !caseSensitive && typeof k === 'string' ? k.toLowerCase() : k;
    };
    return self
      .entries()
      .sort((a, b) => (reverse ? -1 : 1) * pyCompare(key(a), key(b)))
      .map(([k, v]) => new PyTuple([k, v]));
  }],
  ['attr', (self, args, env) => (self instanceof AttrBag ? self.attrs.get(args.string(0, 'name', '')) : getPath(self, args.string(0, 'name', ''), env))],
];

/** Every filter by name (`d` is Jinja's alias of `default`). */
export const FILTERS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ...GENERIC,
  ...TEXT_FILTERS,
  ...SEQUENCE_FILTERS,
]);
