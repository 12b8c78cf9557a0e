/**
 * The arguments of a builtin call (filter, method, test or global), with Python-style
 * lookup by keyword or position and type-checked accessors.
 *
 * @internal
 */
import { runtimeError } from './errors.js';
import { isNumber, numberOf, typeName, type Kwargs, type Value } from './values.js';

/** Positional and keyword arguments of one call. */
export class CallArgs {
  constructor(
    readonly name: string,
    readonly positional: readonly Value[],
    readonly kwargs: Kwargs = new Map(),
  ) {}

  /** An empty argument list for the builtin `name`. */
  static none(name: string): CallArgs {
    return new CallArgs(name, []);
  }

  /** Whether the parameter at `index` (or named `key`) was given. */
  has(index: number, key: string): boolean {
    return this.kwargs.has(key) || index < this.positional.length;
  }

  /** The parameter by keyword, else by position, else `fallback`. */
  get(index: number, key: string, fallback?: Value): Value {
    if (this.kwargs.has(key)) return this.kwargs.get(key);
    return index < this.positional.length ? this.positional[index] : fallback;
  }

  /** A string parameter (None and Undefined count as absent). */
  string(index: number, key: string, fallback: string): string;
  string(index: number, key: string): string | undefined;
  string(index: number, key: string, fallback?: string): string | undefined {
    const v = this.get(index, key);
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') throw this.badType(key, 'str', v);
    return v;
  }

  /** An integer parameter (floats are truncated, as `int()` would). */
  int(index: number, key: string, fallback: number): number;
  int(index: number, key: string): number | undefined;
  int(index: number, key: string, fallback?: number): number | undefined {
    const v = this.get(index, key);
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'boolean' || isNumber(v)) return Math.trunc(numberOf(v));
    throw this.badType(key, 'int', v);
  }

  /** A boolean parameter, by Python truthiness of ints, or an actual bool. */
  bool(index: number, key: string, fallback: boolean): boolean {
    const v = this.get(index, key);
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    throw this.badType(key, 'bool', v);
  }

  private badType(key: string, expected: string, got: Value): Error {
    return runtimeError(`${this.name}(): argument '${key}' must be ${expected}, not ${typeName(got)}`);
  }
}
