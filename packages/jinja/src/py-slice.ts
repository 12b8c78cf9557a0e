/**
 * Python slicing (`items[a:b:c]`) of lists, tuples and strings (by code point).
 *
 * @internal
 */
import { runtimeError } from './errors.js';
import { PyTuple, sequenceItems, typeName, type Value } from './values.js';

function bound(v: Value, name: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw runtimeError(`slice ${name} must be an integer or None, not ${typeName(v)}`);
}

/** The indices `range(start, stop, step)` selects from a sequence of `length` items. */
function indices(length: number, start: Value, stop: Value, step: Value): number[] {
  const s = bound(step, 'step') ?? 1;
  if (s === 0) throw runtimeError('slice step cannot be zero');
  const clamp = (v: number | undefined, fallback: number, lo: number, hi: number): number => {
    if (v === undefined) return fallback;
    const x = v < 0 ? v + length : v;
    return Math.min(Math.max(x, lo), hi);
  };
  const out: number[] = [];
  if (s > 0) {
    const a = clamp(bound(start, 'start'), 0, 0, length);
    const b = clamp(bound(stop, 'stop'), length, 0, length);
    for (let i = a; i < b; i += s) out.push(i);
  } else {
    const a = clamp(bound(start, 'start'), length - 1, -1, length - 1);
    const b = clamp(bound(stop, 'stop'), -1, -1, length - 1);
    for (let i = a; i > b; i += s) out.push(i);
  }
  return out;
}

/** `value[start:stop:step]`. */
export function pySlice(value: Value, start: Value, stop: Value, step: Value): Value {
  if (typeof value === 'string') {
    const cps = Array.from(value);
    return indices(cps.length, start, stop, step).map((i) => cps[i]).join('');
  }
  const items = sequenceItems(value);
  if (!items) throw runtimeError(`'${typeName(value)}' object is not subscriptable`);
  const picked = indices(items.length, start, stop, step).map((i) => items[i]);
  return value instanceof PyTuple ? new PyTuple(picked) : picked;
}
