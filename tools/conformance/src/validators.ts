/**
 * Small schema combinators for hand-written record validators. A validator returns the
 * value (typed) or throws a {@link SchemaViolation} naming the path of the offending field.
 */

/** A JSON value as produced by `JSON.parse`. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object as produced by `JSON.parse`. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Thrown by a validator: `path` locates the field, `message` reads `path: problem`. */
export class SchemaViolation extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path === '' ? '(record)' : path}: ${problem}`);
    this.name = 'SchemaViolation';
  }
}

/** Checks `value` found at `path`; returns it typed or throws a {@link SchemaViolation}. */
export interface Validator<T> {
  (value: unknown, path: string): T;
  /** What the validator accepts, e.g. `array or null`, for error messages. */
  readonly expected: string;
}

type Shape = Record<string, Validator<unknown>>;
type Output<S extends Shape> = { [K in keyof S]: S[K] extends Validator<infer T> ? T : never };

/** Builds a validator from a description and a predicate. */
export function validator<T>(expected: string, test: (value: unknown) => value is T): Validator<T> {
  return Object.assign(
    (value: unknown, path: string): T => {
      if (!test(value)) throw new SchemaViolation(path, `expected ${expected}`);
      return value;
    },
    { expected },
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Joins a parent path and a key: `a` + `b` → `a.b`; `a` + 0 → `a[0]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Any string. */
export const str = validator('string', (v): v is string => typeof v === 'string');

/** `true` or `false`. */
export const bool = validator('boolean', (v): v is boolean => typeof v === 'boolean');

/** An integer ≥ 0. */
export const count = validator(
  'non-negative integer',
  (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0,
);

/** Any JSON object (its members are not inspected). */
export const jsonObject = validator('object', (v): v is JsonObject => isPlainObject(v));

/** One of the given strings. */
export function oneOf<const T extends readonly string[]>(...values: T): Validator<T[number]> {
  const allowed = new Set<string>(values);
  return validator(values.map((v) => JSON.stringify(v)).join(' | '), (v): v is T[number] => typeof v === 'string' && allowed.has(v));
}

/** `inner` or `null`. */
export function nullable<T>(inner: Validator<T>): Validator<T | null> {
  const expected = `${inner.expected} or null`;
  return Object.assign(
    (value: unknown, path: string): T | null => {
      if (value === null) return null;
      try {
        return inner(value, path);
      } catch (error) {
        // Only a mismatch of the value itself should mention null; nested problems stay as they are.
        if (error instanceof SchemaViolation && error.path === path) throw new SchemaViolation(path, `expected ${expected}`);
        throw error;
      }
    },
    { expected },
  );
}

function attempt<T>(check: Validator<T>, value: unknown, path: string): { value: T } | { error: SchemaViolation } {
  try {
    return { value: check(value, path) };
  } catch (error) {
    if (error instanceof SchemaViolation) return { error };
    throw error;
  }
}

/**
 * Either of two validators. When both fail, a problem found inside the value (deeper
 * path) is reported as is, since it shows which alternative was meant; otherwise the
 * error names both alternatives.
 */
export function either<A, B>(a: Validator<A>, b: Validator<B>): Validator<A | B> {
  const expected = `${a.expected} or ${b.expected}`;
  return Object.assign(
    (value: unknown, path: string): A | B => {
      const first = attempt(a, value, path);
      if ('value' in first) return first.value;
      const second = attempt(b, value, path);
      if ('value' in second) return second.value;
      if (second.error.path !== path) throw second.error;
      if (first.error.path !== path) throw first.error;
      throw new SchemaViolation(path, `expected ${expected}`);
    },
    { expected },
  );
}

/** An array whose every element passes `item`. */
export function arrayOf<T>(item: Validator<T>): Validator<T[]> {
  return Object.assign(
    (value: unknown, path: string): T[] => {
      if (!Array.isArray(value)) throw new SchemaViolation(path, 'expected array');
      value.forEach((element, i) => item(element, childPath(path, i)));
      return value as T[];
    },
    { expected: 'array' },
  );
}

/**
 * An object with the `required` members and, when present, the `optional` ones. Other
 * members are allowed so that newer dumps with extra fields still load.
 */
export function object<R extends Shape, O extends Shape = Record<never, never>>(
  required: R,
  optional?: O,
): Validator<Output<R> & Partial<Output<O>>> {
  return Object.assign(
    (value: unknown, path: string): Output<R> & Partial<Output<O>> => {
      if (!isPlainObject(value)) throw new SchemaViolation(path, 'expected object');
      for (const [key, check] of Object.entries(required)) {
        if (!Object.hasOwn(value, key)) throw new SchemaViolation(childPath(path, key), 'missing required field');
        check(value[key], childPath(path, key));
      }
      for (const [key, check] of Object.entries(optional ?? {})) {
        if (Object.hasOwn(value, key)) check(value[key], childPath(path, key));
      }
      // Every listed member has just been checked; the object itself is returned unchanged.
      return value as Output<R> & Partial<Output<O>>;
    },
    { expected: 'object' },
  );
}
