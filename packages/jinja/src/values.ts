/**
 * The runtime value model of the template engine. Template values behave like Python's
 * (Jinja is a Python language): integers and floats are distinct, tuples are not lists,
 * dictionaries keep insertion order and accept non-string keys, `None` is not undefined.
 * Values are plain JS data where Python and JS agree (strings, booleans, integers, lists)
 * and small classes where they do not. No value exposes a JS prototype to templates:
 * attribute access only ever reads these structures.
 *
 * @internal
 */

/** A float, kept apart from integers so `1.0` stays `1.0` (JS numbers are integers here). */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** An immutable sequence (Python tuple), e.g. the `(key, value)` pairs of `dict.items()`. */
export class PyTuple {
  constructor(readonly items: readonly Value[]) {}
}

/** A dictionary: insertion-ordered, keyed by Python equality of hashable values. */
export class PyDict {
  private readonly slots = new Map<string, [Value, Value]>();

  /** A dict from string-keyed entries. */
  static of(entries: Iterable<readonly [Value, Value]>): PyDict {
    const dict = new PyDict();
    for (const [k, v] of entries) dict.set(k, v);
    return dict;
  }

  get size(): number {
    return this.slots.size;
  }
  has(key: Value): boolean {
    return this.slots.has(hashKey(key));
  }
  get(key: Value): Value {
    return this.slots.get(hashKey(key))?.[1];
  }
  set(key: Value, value: Value): void {
    const h = hashKey(key);
    const slot = this.slots.get(h);
    if (slot) slot[1] = value;
    else this.slots.set(h, [key, value]);
  }
  delete(key: Value): boolean {
    return this.slots.delete(hashKey(key));
  }
  keys(): Value[] {
    return [...this.slots.values()].map(([k]) => k);
  }
  values(): Value[] {
    return [...this.slots.values()].map(([, v]) => v);
  }
  entries(): [Value, Value][] {
    return [...this.slots.values()].map(([k, v]) => [k, v]);
  }
}

/**
 * An object with attributes but no mapping behaviour: `namespace(...)` (mutable) and the
 * `loop` variable (read-only).
 */
export class AttrBag {
  constructor(
    readonly kind: 'namespace' | 'loop',
    readonly attrs: Map<string, Value>,
  ) {}
}

/**
 * A Python generator, what Jinja2's `map`, `select`, `reject`, `selectattr`, `rejectattr`,
 * `unique` and `batch` return (strict renders only): it iterates once, is always true, and
 * has no length, no items and no JSON form.
 */
export class PyIterator {
  private remaining: readonly Value[] | undefined;

  constructor(items: readonly Value[]) {
    this.remaining = items;
  }

  /** The items not yet iterated; a second iteration finds none, as in Python. */
  drain(): readonly Value[] {
    const items = this.remaining ?? [];
    this.remaining = undefined;
    return items;
  }
}

/** Keyword arguments of a call, by name. */
export type Kwargs = ReadonlyMap<string, Value>;

/** A callable: a builtin function, a global, or a template macro. */
export class PyCallable {
  constructor(
    readonly name: string,
    readonly call: (args: readonly Value[], kwargs: Kwargs) => Value,
  ) {}
}

/** Any runtime value. `undefined` is Jinja's Undefined, `null` is Python's `None`. */
export type Value =
  | undefined
  | null
  | boolean
  | number
  | string
  | PyFloat
  | Value[]
  | PyTuple
  | PyDict
  | AttrBag
  | PyCallable
  | PyIterator;

/** Python's name for the value's type, for error messages. */
export function typeName(value: Value): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'string') return 'str';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof PyTuple) return 'tuple';
  if (value instanceof PyDict) return 'dict';
  if (value instanceof AttrBag) return value.kind === 'loop' ? 'LoopContext' : 'Namespace';
  if (value instanceof PyIterator) return 'generator';
  return 'function';
}

/** The items of a list or tuple, else undefined. */
export function sequenceItems(value: Value): readonly Value[] | undefined {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  return undefined;
}

/** Whether the value is an int or float (booleans excluded). */
export function isNumber(value: Value): value is number | PyFloat {
  return typeof value === 'number' || value instanceof PyFloat;
}

/** The JS number of an int, float or bool. */
export function numberOf(value: number | PyFloat | boolean): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : value.value;
}

/** Python truthiness (`bool(x)`); Undefined is false. */
export function truthy(value: Value): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (value instanceof PyDict) return value.size > 0;
  return true;
}

function hashKey(key: Value): string {
  // Python equality decides dict identity: 1 == 1.0 == True, so they share a slot.
  if (typeof key === 'string') return `s${key}`;
  if (typeof key === 'number' || typeof key === 'boolean' || key instanceof PyFloat) return `n${numberOf(key)}`;
  if (key === null) return 'N';
  if (key === undefined) return 'U';
  if (key instanceof PyTuple) return `t(${key.items.map(hashKey).join(',')})`;
  throw new TypeError(`unhashable type: '${typeName(key)}'`);
}

/** Converts JSON-like input (messages, tools, kwargs) into template values. */
export function fromJson(input: unknown): Value {
  if (input === undefined || input === null) return input ?? null;
  switch (typeof input) {
    case 'string':
    case 'boolean':
      return input;
    case 'number':
      return Number.isInteger(input) ? input : new PyFloat(input);
    case 'object': {
      if (Array.isArray(input)) return input.map((item) => fromJson(item));
      const dict = new PyDict();
      for (const [k, v] of Object.entries(input)) dict.set(k, fromJson(v));
      return dict;
    }
    default:
      throw new TypeError(`cannot pass a ${typeof input} to a template`);
  }
}
