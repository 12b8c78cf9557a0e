/**
 * Jinja filters over sequences: `list`, `first`, `join`, `sort`, `unique`, `map`, `select`,
 * `selectattr` and friends. Like the reference engine, the selection filters treat `None`
 * as an empty sequence.
 *
 * @internal
 */
import type { Builtin, BuiltinEnv } from './builtin-types.js';
import { CallArgs } from './call-args.js';
import { runtimeError } from './errors.js';
import { getPath } from './member-access.js';
import { arithmetic, pyCompare, pyEquals } from './operators.js';
import { pyStr } from './py-repr.js';
import { PyDict, PyIterator, sequenceItems, truthy, typeName, type Value } from './values.js';

/** `items` as Jinja2 returns them from a generator filter: a one-shot iterator in strict renders. */
function generated(items: Value[], env: BuiltinEnv): Value {
  return env.strict ? new PyIterator(items) : items;
}

/** The items a filter iterates: characters, list items, dict keys; nothing for Undefined. */
function iterate(value: Value): readonly Value[] {
  if (value === undefined) return [];
  if (value instanceof PyIterator) return value.drain();
  if (typeof value === 'string') return Array.from(value);
  const items = sequenceItems(value);
  if (items) return items;
  if (value instanceof PyDict) return value.keys();
  throw runtimeError(`'${typeName(value)}' object is not iterable`);
}

function lenient(value: Value): readonly Value[] {
  return value === null ? [] : iterate(value);
}

function sortKey(args: CallArgs, env: BuiltinEnv, caseIndex: number, attrIndex: number): (v: Value) => Value {
  const attribute = args.get(attrIndex, 'attribute');
  const caseSensitive = args.bool(caseIndex, 'case_sensitive', false);
  return (v) => {
    const key = attribute === undefined || attribute === null ? v : getPath(v, attribute, env);
    return !caseSensitive && typeof key === 'string' ? key.toLowerCase() : key;
  };
}

function selection(self: Value, args: CallArgs, env: BuiltinEnv, keep: boolean, byAttribute: boolean): Value[] {
  const [first, ...rest] = args.positional;
  const attribute = byAttribute ? first : undefined;
  const [testName, ...testArgs] = byAttribute ? rest : args.positional;
  return lenient(self).filter((item) => {
    const subject = byAttribute ? getPath(item, attribute, env) : item;
    const passed = testName === undefined ? truthy(subject) : env.runTest(pyStr(testName), subject, testArgs);
    return passed === keep;
  });
}

function extreme(self: Value, args: CallArgs, env: BuiltinEnv, sign: 1 | -1): Value {
  const key = sortKey(args, env, 0, 1);
  let best: Value;
  let bestKey: Value;
  for (const item of iterate(self)) {
    const k = key(item);
    if (best === undefined || sign * pyCompare(k, bestKey) > 0) [best, bestKey] = [item, k];
  }
  return best;
}

/** Sequence filters by name. */
export const SEQUENCE_FILTERS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['list', (self) => [...iterate(self)]],
  ['first', (self) => iterate(self)[0]],
  ['last', (self) => iterate(self).at(-1)],
  ['reverse', (self) => (typeof self === 'string' ? Array.from(self).reverse().join('') : [...iterate(self)].reverse())],
  ['join', (self, args, env) => {
    const attribute = args.get(1, 'attribute');
    const items = iterate(self).map((v) => (attribute === undefined || attribute === null ? v : getPath(v, attribute, env)));
    const joined = items.map(pyStr).join(args.string(0, 'd', ''));
    env.budget.checkLength(joined.length);
    return joined;
  }],
  ['sort', (self, args, env) => {
    const key = sortKey(args, env, 1, 2);
    const reverse = args.bool(0, 'reverse', false);
    return [...iterate(self)].sort((a, b) => (reverse ? -1 : 1) * pyCompare(key(a), key(b)));
  }],
  ['unique', (self, args, env) => {
    const key = sortKey(args, env, 0, 1);
    const seen: Value[] = [];
    return generated(
      lenient(self).filter((item) => {
        const k = key(item);
        if (seen.some((s) => pyEquals(s, k))) return false;
        seen.push(k);
        return true;
      }),
      env,
    );
  }],
  ['map', (self, args, env) => {
    if (args.kwargs.has('attribute')) {
      const fallback = args.kwargs.get('default');
      return generated(lenient(self).map((item) => getPath(item, args.kwargs.get('attribute'), env) ?? fallback), env);
    }
    const [name, ...rest] = args.positional;
    if (typeof name !== 'string') throw runtimeError('map() needs a filter name or attribute=');
    return generated(lenient(self).map((item) => env.applyFilter(name, item, new CallArgs(name, rest, args.kwargs))), env);
  }],
  ['select', (self, args, env) => generated(selection(self, args, env, true, false), env)],
  ['reject', (self, args, env) => generated(selection(self, args, env, false, false), env)],
  ['selectattr', (self, args, env) => generated(selection(self, args, env, true, true), env)],
  ['rejectattr', (self, args, env) => generated(selection(self, args, env, false, true), env)],
  ['sum', (self, args, env) => {
    const attribute = args.get(0, 'attribute');
    return iterate(self).reduce<Value>(
      (acc, v) => arithmetic('+', acc, attribute === undefined || attribute === null ? v : getPath(v, attribute, env), (n) => env.budget.checkLength(n), env.strict),
      args.get(1, 'start', 0),
    );
  }],
  ['min', (self, args, env) => extreme(self, args, env, -1)],
  ['max', (self, args, env) => extreme(self, args, env, 1)],
  ['batch', (self, args, env) => {
    const size = Math.max(1, args.int(0, 'linecount', 1));
    const fill = args.get(1, 'fill_with');
    const items = iterate(self);
    const out: Value[][] = [];
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
    const last = out.at(-1);
    if (fill !== undefined && last) while (last.length < size) last.push(fill);
    return generated(out, env);
  }],
]);
