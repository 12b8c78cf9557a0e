/** Test helpers: run the engine on a template string with plain JSON-like variables. */
import { runJinja } from '../render-jinja.js';
import type { RenderLimits } from '../render-limits.js';
import { fromJson, type Value } from '../values.js';

/** Renders `source` with `variables` (converted from JSON-like data). */
export function run(source: string, variables: Record<string, unknown> = {}, limits?: RenderLimits): string {
  const vars = new Map<string, Value>(Object.entries(variables).map(([k, v]) => [k, fromJson(v)]));
  return runJinja(source, vars, { now: new Date('2026-11-21T09:05:03Z'), limits });
}

/** Renders `source` as {@link run} does, but failing where Python Jinja2 fails (`renderJinja`). */
export function strict(source: string, variables: Record<string, unknown> = {}): string {
  const vars = new Map<string, Value>(Object.entries(variables).map(([k, v]) => [k, fromJson(v)]));
  return runJinja(source, vars, { now: new Date('2026-11-21T09:05:03Z'), strict: true });
}

/** The error `fn` throws (fails the test when it returns). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
