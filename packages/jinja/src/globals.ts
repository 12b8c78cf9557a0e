/**
 * Global functions of the template language: `range`, `namespace`, `dict`, `joiner`,
 * `raise_exception` and `strftime_now` (formatting the render's fixed `now`).
 *
 * @internal
 */
import type { BuiltinEnv } from './builtin-types.js';
import { CallArgs } from './call-args.js';
import { runtimeError, TemplateRenderError } from './errors.js';
import { pyStr } from './py-repr.js';
import { strftime } from './strftime.js';
import { AttrBag, PyCallable, PyDict, type Value } from './values.js';

function range(args: CallArgs, env: BuiltinEnv): Value {
  const numbers = args.positional.map((_, i) => args.int(i, `arg${i}`, 0));
  const [a = 0, b, c = 1] = numbers;
  const [start, stop] = b === undefined ? [0, a] : [a, b];
  if (c === 0) throw runtimeError('range() arg 3 must not be zero');
  const count = Math.max(0, Math.ceil((stop - start) / c));
  // Materialising the range is work: charge it before allocating.
  env.budget.step(count);
  return Array.from({ length: count }, (_, i) => start + i * c);
}

function namespace(args: CallArgs): Value {
  const attrs = new Map<string, Value>();
  const [initial] = args.positional;
  if (initial instanceof PyDict) {
    for (const [k, v] of initial.entries()) attrs.set(pyStr(k), v);
  }
  for (const [k, v] of args.kwargs) attrs.set(k, v);
  return new AttrBag('namespace', attrs);
}

function joiner(args: CallArgs): Value {
  const sep = args.string(0, 'sep', ', ');
  let used = false;
  return new PyCallable('joiner', () => {
    if (used) return sep;
    used = true;
    return '';
  });
}

/** The globals of one render, bound to its environment. */
export function makeGlobals(env: BuiltinEnv): Map<string, Value> {
  const fn = (name: string, body: (args: CallArgs) => Value): [string, Value] => [
    name,
    new PyCallable(name, (positional, kwargs) => body(new CallArgs(name, positional, kwargs))),
  ];
  return new Map<string, Value>([
    ['true', true],
    ['True', true],
    ['false', false],
    ['False', false],
    ['none', null],
    ['None', null],
    fn('range', (args) => range(args, env)),
    fn('namespace', namespace),
    fn('dict', (args) => PyDict.of(args.kwargs)),
    fn('joiner', joiner),
    fn('raise_exception', (args) => {
      throw new TemplateRenderError('raised', pyStr(args.get(0, 'message')));
    }),
    fn('strftime_now', (args) => strftime(env.now, args.string(0, 'format', ''))),
  ]);
}
