/**
 * Evaluates expressions: literals, names, attribute and item access, calls, filters, tests,
 * operators. Every evaluation is charged to the render budget, and every string it builds
 * is checked against the output limit.
 *
 * @internal
 */
import type { AnyNode } from './ast-nodes.js';
import type { BuiltinEnv } from './builtin-types.js';
import { CallArgs } from './call-args.js';
import { runtimeError, type TemplateRenderError } from './errors.js';
import { FILTERS } from './filters.js';
import { htmlEscape } from './filters-text.js';
import { getAttribute, getItem } from './member-access.js';
import { arithmetic, pyCompare, pyContains, pyEquals } from './operators.js';
import { pyStr } from './py-repr.js';
import { pySlice } from './py-slice.js';
import type { RenderBudget } from './render-limits.js';
import type { Scope } from './scope.js';
import { NEGATED_TEST_FILTER, TEST_FILTER } from './test-syntax.js';
import { TESTS } from './tests.js';
import { isNumber, numberOf, PyCallable, PyDict, PyFloat, PyTuple, sequenceItems, truthy, typeName, type Value } from './values.js';

/** Jinja2's UndefinedError for using the undefined value of `node` (named when it is a name or attribute). */
function undefinedError(node: AnyNode): TemplateRenderError {
  const name =
    node.type === 'Identifier' ? node.value
    : node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' ? node.property.value
    : undefined;
  return runtimeError(name === undefined ? 'an undefined value was used' : `'${name}' is undefined`);
}

const MARKUP_FILTERS = new Set(['safe', 'escape', 'e', 'forceescape']);

/** The filter name of a filter node (`name` or `name(args)`). */
function filterName(filter: AnyNode): string | undefined {
  if (filter.type === 'Identifier') return filter.value;
  return filter.type === 'CallExpression' && filter.callee.type === 'Identifier' ? filter.callee.value : undefined;
}

/**
 * Whether `node` yields a Python `Markup` string: a `safe`/`escape` filter, or a `+` with
 * one. Markup is tracked through expressions only: a variable holding one is a plain string.
 */
function isMarkup(node: AnyNode): boolean {
  if (node.type === 'FilterExpression') return MARKUP_FILTERS.has(filterName(node.filter) ?? '');
  return node.type === 'BinaryExpression' && node.operator.value === '+' && (isMarkup(node.left) || isMarkup(node.right));
}

const COMPARISONS = new Map<string, (c: number) => boolean>([
  ['<', (c) => c < 0],
  ['>', (c) => c > 0],
  ['<=', (c) => c <= 0],
  ['>=', (c) => c >= 0],
]);

/** The expression half of the interpreter; statements live in the subclass. */
export class ExpressionEvaluator implements BuiltinEnv {
  constructor(
    readonly budget: RenderBudget,
    readonly now: Date,
    readonly strict: boolean,
  ) {}

  /** Evaluates an expression node. */
  evaluate(node: AnyNode, scope: Scope): Value {
    this.budget.step();
    this.budget.enter();
    try {
      const value = this.evaluateNode(node, scope);
      if (typeof value === 'string') this.budget.checkLength(value.length);
      return value;
    } finally {
      this.budget.leave();
    }
  }

  /** Applies the filter `name` (see {@link BuiltinEnv.applyFilter}). */
  applyFilter(name: string, value: Value, args: CallArgs): Value {
    const filter = FILTERS.get(name);
    if (filter === undefined) throw runtimeError(`no filter named '${name}'`);
    return filter(value, args, this);
  }

  /** Runs the test `name` (see {@link BuiltinEnv.runTest}). */
  runTest(name: string, value: Value, args: readonly Value[]): boolean {
    const test = TESTS.get(name);
    if (test === undefined) throw runtimeError(`no test named '${name}'`);
    return test(value, args);
  }

  /** Evaluates call arguments: positional (with `*spread`) and keyword (with `**spread`). */
  protected callArguments(nodes: readonly AnyNode[], scope: Scope): [Value[], Map<string, Value>] {
    const positional: Value[] = [];
    const kwargs = new Map<string, Value>();
    for (const node of nodes) {
      if (node.type === 'KeywordArgumentExpression') {
        kwargs.set(node.key.value, this.evaluate(node.value, scope));
      } else if (node.type === 'SpreadExpression') {
        const spread = this.evaluate(node.argument, scope);
        positional.push(...(sequenceItems(spread) ?? []));
      } else if (node.type === 'KeywordSpreadExpression') {
        const spread = this.evaluate(node.argument, scope);
        if (!(spread instanceof PyDict)) throw runtimeError(`argument after ** must be a mapping, not ${typeName(spread)}`);
        for (const [k, v] of spread.entries()) kwargs.set(pyStr(k), v);
      } else {
        positional.push(this.evaluate(node, scope));
      }
    }
    return [positional, kwargs];
  }

  /** Applies a filter node (`name` or `name(args)`) to `value`. */
  protected filterWith(filter: AnyNode, value: Value, scope: Scope): Value {
    if (filter.type === 'Identifier') return this.applyFilter(filter.value, value, CallArgs.none(filter.value));
    if (filter.type === 'CallExpression' && filter.callee.type === 'Identifier') {
      const [positional, kwargs] = this.callArguments(filter.args, scope);
      const test = filter.callee.value;
      if (test === TEST_FILTER || test === NEGATED_TEST_FILTER) {
        // A test with its arguments, spelled as a filter for the parser (see test-syntax.ts).
        const [name, ...args] = positional;
        return this.runTest(pyStr(name), value, args) === (test === TEST_FILTER);
      }
      return this.applyFilter(filter.callee.value, value, new CallArgs(filter.callee.value, positional, kwargs));
    }
    throw runtimeError('a filter must be a name or a call of a name');
  }

  private evaluateNode(node: AnyNode, scope: Scope): Value {
    switch (node.type) {
      case 'Identifier':
        return scope.lookup(node.value);
      case 'IntegerLiteral':
        return node.value;
      case 'FloatLiteral':
        return new PyFloat(node.value);
      case 'StringLiteral':
        return node.value;
      case 'ArrayLiteral':
        return node.value.map((item) => this.evaluate(item, scope));
      case 'TupleLiteral':
        return new PyTuple(node.value.map((item) => this.evaluate(item, scope)));
      case 'ObjectLiteral': {
        const dict = new PyDict();
        for (const [k, v] of node.value) dict.set(this.evaluate(k, scope), this.evaluate(v, scope));
        return dict;
      }
      case 'MemberExpression':
        return this.member(node.object, node.property, node.computed, scope);
      case 'CallExpression': {
        const [positional, kwargs] = this.callArguments(node.args, scope);
        const callee = this.evaluate(node.callee, scope);
        if (callee === undefined && this.strict) throw undefinedError(node.callee);
        if (!(callee instanceof PyCallable)) throw runtimeError(`'${typeName(callee)}' object is not callable`);
        return callee.call(positional, kwargs);
      }
      case 'UnaryExpression':
        return this.unary(node.operator.value, this.evaluate(node.argument, scope));
      case 'BinaryExpression':
        return this.binary(node.operator.value, node.left, node.right, scope);
      case 'FilterExpression': {
        const name = filterName(node.filter);
        // Escaping Markup again changes nothing in Jinja2.
        if (this.strict && (name === 'e' || name === 'escape') && isMarkup(node.operand)) return this.evaluate(node.operand, scope);
        return this.filterWith(node.filter, this.evaluate(node.operand, scope), scope);
      }
      case 'TestExpression': {
        const result = this.runTest(node.test.value, this.evaluate(node.operand, scope), []);
        return node.negate ? !result : result;
      }
      case 'SelectExpression':
        return truthy(this.evaluate(node.test, scope)) ? this.evaluate(node.lhs, scope) : undefined;
      case 'Ternary':
        return truthy(this.evaluate(node.condition, scope))
          ? this.evaluate(node.trueExpr, scope)
          : this.evaluate(node.falseExpr, scope);
      default:
        throw runtimeError(`'${node.type}' cannot be used as a value`);
    }
  }

  private member(objectNode: AnyNode, property: AnyNode, computed: boolean, scope: Scope): Value {
    const object = this.evaluate(objectNode, scope);
    // Jinja2's Undefined fails on any attribute or item access (the reference's gives Undefined).
    if (object === undefined && this.strict) throw undefinedError(objectNode);
    if (!computed) {
      if (property.type === 'Identifier') return getAttribute(object, property.value, this);
      if (property.type === 'IntegerLiteral') return getItem(object, property.value, this);
      throw runtimeError('expected a name after "."');
    }
    if (property.type === 'SliceExpression') {
      const part = (n: AnyNode | undefined): Value => (n === undefined ? undefined : this.evaluate(n, scope));
      return pySlice(object, part(property.start), part(property.stop), part(property.step));
    }
    return getItem(object, this.evaluate(property, scope), this);
  }

  private unary(op: string, value: Value): Value {
    if (op === 'not') return !truthy(value);
    if (value === undefined) throw runtimeError(`bad operand type for unary ${op}: 'Undefined'`);
    if (typeof value === 'boolean' || isNumber(value)) {
      const n = numberOf(value) * (op === '-' ? -1 : 1);
      return value instanceof PyFloat ? new PyFloat(n) : n;
    }
    throw runtimeError(`bad operand type for unary ${op}: '${typeName(value)}'`);
  }

  private binary(op: string, leftNode: AnyNode, rightNode: AnyNode, scope: Scope): Value {
    const left = this.evaluate(leftNode, scope);
    if (op === 'and') return truthy(left) ? this.evaluate(rightNode, scope) : left;
    if (op === 'or') return truthy(left) ? left : this.evaluate(rightNode, scope);
    const right = this.evaluate(rightNode, scope);
    if (op === '+' && this.strict && typeof left === 'string' && typeof right === 'string') {
      // Python's Markup (`|safe`, `|e`) escapes a plain string added to it, either side.
      const markupLeft = isMarkup(leftNode);
      if (markupLeft !== isMarkup(rightNode)) return markupLeft ? left + htmlEscape(right) : htmlEscape(left) + right;
    }
    switch (op) {
      case '==':
        return pyEquals(left, right);
      case '!=':
        return !pyEquals(left, right);
      case 'in':
        return pyContains(right, left);
      case 'not in':
        return !pyContains(right, left);
      default: {
        const comparison = COMPARISONS.get(op);
        if (comparison) return comparison(pyCompare(left, right));
        return arithmetic(op, left, right, (n) => this.budget.checkLength(n), this.strict);
      }
    }
  }
}
