/**
 * Variable scopes. A `for` body and a macro body get their own scope (assignments inside
 * do not leak out, as in Jinja); `if` blocks do not. Names live in Maps, never in JS objects.
 *
 * @internal
 */
import type { Value } from './values.js';

/** One level of variables, reading through to its parent. */
export class Scope {
  private readonly vars = new Map<string, Value>();

  constructor(readonly parent?: Scope) {}

  /** The innermost binding of `name`, or Undefined. */
  lookup(name: string): Value {
    if (this.vars.has(name)) return this.vars.get(name);
    return this.parent?.lookup(name);
  }

  /** Binds `name` in this scope. */
  set(name: string, value: Value): void {
    this.vars.set(name, value);
  }
}
