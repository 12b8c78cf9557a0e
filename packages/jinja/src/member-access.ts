/**
 * Attribute and item access, as Jinja does it: `obj.name` tries the attribute (a method)
 * before the item, `obj[key]` the item before the attribute. Every lookup goes through the
 * value model's own tables (Maps), so names such as `__proto__` or `constructor` never
 * reach a JavaScript prototype; they are simply undefined.
 *
 * @internal
 */
import type { Builtin, BuiltinEnv } from './builtin-types.js';
import { CallArgs } from './call-args.js';
import { DICT_METHODS, LIST_METHODS } from './collection-methods.js';
import { STRING_METHODS } from './string-methods.js';
import { AttrBag, PyCallable, PyDict, PyFloat, PyTuple, sequenceItems, type Value } from './values.js';

const TUPLE_METHODS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['index', (self, args, env) => LIST_METHODS.get('index')?.(sequenceItems(self) as Value[], args, env)],
  ['count', (self, args, env) => LIST_METHODS.get('count')?.(sequenceItems(self) as Value[], args, env)],
]);

function methodsOf(obj: Value): ReadonlyMap<string, Builtin> | undefined {
  if (typeof obj === 'string') return STRING_METHODS;
  if (Array.isArray(obj)) return LIST_METHODS;
  if (obj instanceof PyTuple) return TUPLE_METHODS;
  if (obj instanceof PyDict) return DICT_METHODS;
  return undefined;
}

function method(obj: Value, name: string, env: BuiltinEnv): Value {
  const builtin = methodsOf(obj)?.get(name);
  if (builtin === undefined) return undefined;
  return new PyCallable(name, (args, kwargs) => builtin(obj, new CallArgs(name, args, kwargs), env));
}

function index(items: readonly Value[], i: number): Value {
  const at = i < 0 ? items.length + i : i;
  return at >= 0 && at < items.length ? items[at] : undefined;
}

function item(obj: Value, key: Value): Value {
  if (obj instanceof PyDict) return obj.get(key);
  if (obj instanceof AttrBag) return typeof key === 'string' ? obj.attrs.get(key) : undefined;
  const numeric = typeof key === 'number' ? key : key instanceof PyFloat && Number.isInteger(key.value) ? key.value : undefined;
  if (numeric === undefined) return undefined;
  if (typeof obj === 'string') return index(Array.from(obj), numeric);
  const items = sequenceItems(obj);
  return items ? index(items, numeric) : undefined;
}

/** `obj.name`: the method or attribute first, then the item. */
export function getAttribute(obj: Value, name: string, env: BuiltinEnv): Value {
  if (obj instanceof AttrBag) return obj.attrs.get(name);
  const bound = method(obj, name, env);
  return bound !== undefined ? bound : item(obj, name);
}

/** `obj[key]`: the item first, then (for string keys) the method. */
export function getItem(obj: Value, key: Value, env: BuiltinEnv): Value {
  const found = item(obj, key);
  if (found !== undefined || typeof key !== 'string') return found;
  return method(obj, key, env);
}

/** Jinja's attribute getter for `attribute=` parameters: dotted paths, integer parts index. */
export function getPath(obj: Value, path: Value, env: BuiltinEnv): Value {
  if (typeof path !== 'string') return getItem(obj, path, env);
  let current = obj;
  for (const part of path.split('.')) {
    current = /^\d+$/.test(part) ? getItem(current, Number(part), env) : getItem(current, part, env);
  }
  return current;
}
