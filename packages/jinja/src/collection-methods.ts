/**
 * Methods of lists and dicts (`messages.append(m)`, `d.items()`, `d.get('k', 0)`), with
 * Python's semantics. Lists are mutable as in the reference engine, whose templates in the
 * wild call `append`; strict renders (Jinja2's immutable sandbox, as HF transformers uses)
 * refuse every mutating method instead.
 *
 * @internal
 */
import type { Builtin } from './builtin-types.js';
import { runtimeError } from './errors.js';
import { pyEquals } from './operators.js';
import { PyDict, PyTuple, sequenceItems, typeName, type Value } from './values.js';

function list(self: Value): Value[] {
  if (!Array.isArray(self)) throw runtimeError(`expected a list, got ${typeName(self)}`);
  return self;
}

function dict(self: Value): PyDict {
  if (!(self instanceof PyDict)) throw runtimeError(`expected a dict, got ${typeName(self)}`);
  return self;
}

/** `impl`, but failing as Jinja2's immutable sandbox does (a SecurityError) in strict renders. */
function mutating(name: string, type: string, impl: Builtin): Builtin {
  return (self, args, env) => {
    if (env.strict) throw runtimeError(`access to attribute '${name}' of '${type}' object is unsafe.`);
    return impl(self, args, env);
  };
}

function indexOf(items: readonly Value[], needle: Value): number {
  return items.findIndex((item) => pyEquals(item, needle));
}

/** Python `list` methods by name. */
export const LIST_METHODS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['append', mutating('append', 'list', (self, args) => {
    list(self).push(args.get(0, 'object'));
    return null;
  })],
  ['extend', mutating('extend', 'list', (self, args) => {
    list(self).push(...(sequenceItems(args.get(0, 'iterable')) ?? []));
    return null;
  })],
  ['insert', mutating('insert', 'list', (self, args) => {
    const items = list(self);
    const at = args.int(0, 'index', 0);
    items.splice(at < 0 ? Math.max(0, items.length + at) : at, 0, args.get(1, 'object'));
    return null;
  })],
  ['pop', mutating('pop', 'list', (self, args) => {
    const items = list(self);
    const at = args.int(0, 'index', -1);
    const index = at < 0 ? items.length + at : at;
    if (index < 0 || index >= items.length) throw runtimeError('pop index out of range');
    return items.splice(index, 1)[0];
  })],
  ['remove', mutating('remove', 'list', (self, args) => {
    const items = list(self);
    const at = indexOf(items, args.get(0, 'value'));
    if (at < 0) throw runtimeError('list.remove(x): x not in list');
    items.splice(at, 1);
    return null;
  })],
  ['index', (self, args) => {
    const at = indexOf(list(self), args.get(0, 'value'));
    if (at < 0) throw runtimeError('value is not in list');
    return at;
  }],
  ['count', (self, args) => list(self).filter((item) => pyEquals(item, args.get(0, 'value'))).length],
  ['copy', (self) => [...list(self)]],
]);

/** Python `dict` methods by name. */
export const DICT_METHODS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['get', (self, args) => {
    const d = dict(self);
    const key = args.get(0, 'key');
    return d.has(key) ? d.get(key) : args.get(1, 'default', null);
  }],
  ['items', (self) => dict(self).entries().map(([k, v]) => new PyTuple([k, v]))],
  ['keys', (self) => dict(self).keys()],
  ['values', (self) => dict(self).values()],
  ['copy', (self) => PyDict.of(dict(self).entries())],
]);
