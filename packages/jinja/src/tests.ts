/**
 * Jinja tests (`x is defined`, `x is mapping`, `select('equalto', 3)`). Undefined counts as
 * iterable and as a sequence, as in Jinja (its Undefined iterates as empty).
 *
 * @internal
 */
import { runtimeError } from './errors.js';
import { pyCompare, pyContains, pyEquals } from './operators.js';
import { AttrBag, isNumber, numberOf, PyCallable, PyDict, PyFloat, PyIterator, PyTuple, type Value } from './values.js';

type Test = (value: Value, args: readonly Value[]) => boolean;

function arg(args: readonly Value[], name: string): Value {
  if (args.length === 0) throw runtimeError(`test '${name}' needs an argument`);
  return args[0];
}

function integer(value: Value, name: string): number {
  if (typeof value !== 'number') throw runtimeError(`test '${name}' needs an integer`);
  return value;
}

const compare = (name: string, ok: (c: number) => boolean): Test => (v, args) => ok(pyCompare(v, arg(args, name)));

/** Tests by name. */
export const TESTS: ReadonlyMap<string, Test> = new Map<string, Test>([
  ['defined', (v) => v !== undefined],
  ['undefined', (v) => v === undefined],
  ['none', (v) => v === null],
  ['boolean', (v) => typeof v === 'boolean'],
  ['true', (v) => v === true],
  ['false', (v) => v === false],
  ['integer', (v) => typeof v === 'number'],
  ['float', (v) => v instanceof PyFloat],
  ['number', (v) => isNumber(v)],
  ['string', (v) => typeof v === 'string'],
  ['mapping', (v) => v instanceof PyDict],
  ['iterable', (v) => v === undefined || v instanceof PyIterator || typeof v === 'string' || Array.isArray(v) || v instanceof PyTuple || v instanceof PyDict],
  ['sequence', (v) => v === undefined || typeof v === 'string' || Array.isArray(v) || v instanceof PyTuple || v instanceof PyDict],
  ['callable', (v) => v instanceof PyCallable],
  ['odd', (v) => integer(v, 'odd') % 2 !== 0],
  ['even', (v) => integer(v, 'even') % 2 === 0],
  ['divisibleby', (v, args) => numberOf(integer(v, 'divisibleby')) % integer(arg(args, 'divisibleby'), 'divisibleby') === 0],
  ['lower', (v) => typeof v === 'string' && v === v.toLowerCase()],
  ['upper', (v) => typeof v === 'string' && v === v.toUpperCase()],
  ['eq', (v, args) => pyEquals(v, arg(args, 'eq'))],
  ['equalto', (v, args) => pyEquals(v, arg(args, 'equalto'))],
  ['==', (v, args) => pyEquals(v, arg(args, '=='))],
  ['ne', (v, args) => !pyEquals(v, arg(args, 'ne'))],
  ['!=', (v, args) => !pyEquals(v, arg(args, '!='))],
  ['lt', compare('lt', (c) => c < 0)],
  ['lessthan', compare('lessthan', (c) => c < 0)],
  ['<', compare('<', (c) => c < 0)],
  ['le', compare('le', (c) => c <= 0)],
  ['<=', compare('<=', (c) => c <= 0)],
  ['gt', compare('gt', (c) => c > 0)],
  ['greaterthan', compare('greaterthan', (c) => c > 0)],
  ['>', compare('>', (c) => c > 0)],
  ['ge', compare('ge', (c) => c >= 0)],
  ['>=', compare('>=', (c) => c >= 0)],
  ['in', (v, args) => pyContains(arg(args, 'in'), v)],
  ['sameas', (v, args) => v === arg(args, 'sameas')],
  ['namespace', (v) => v instanceof AttrBag && v.kind === 'namespace'],
]);
