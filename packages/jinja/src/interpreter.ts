/**
 * Executes template statements: output, `if`, `for` (with `loop`, filtering, `else`,
 * `break`/`continue`), `set`, macros, `call` and `filter` blocks. Errors are located at the
 * innermost statement whose tag is known; stray JS errors become typed render errors.
 *
 * @internal
 */
import type { AnyNode, ForNode, MacroNode } from './ast-nodes.js';
import { runtimeError, TemplateRenderError } from './errors.js';
import { ExpressionEvaluator } from './expression-evaluator.js';
import { makeGlobals } from './globals.js';
import type { NodePositions } from './node-positions.js';
import { pyStr } from './py-repr.js';
import { limitError, type RenderBudget } from './render-limits.js';
import { Scope } from './scope.js';
import { AttrBag, PyCallable, PyDict, PyIterator, PyTuple, sequenceItems, truthy, typeName, type Kwargs, type Value } from './values.js';

/** `break`/`continue` on its way to its loop, with the output rendered before it in the iteration. */
class LoopSignal extends Error {
  constructor(
    kind: 'break' | 'continue',
    readonly output = '',
  ) {
    super(kind);
  }

  /** This signal with `prefix` (output of an enclosing block) before its output. */
  after(prefix: string): LoopSignal {
    return prefix === '' ? this : new LoopSignal(this.message === 'break' ? 'break' : 'continue', prefix + this.output);
  }
}
// One instance each for the throw itself: signals are control flow, not failures.
const BREAK = new LoopSignal('break');
const CONTINUE = new LoopSignal('continue');

function toRenderError(error: unknown): unknown {
  if (error instanceof LoopSignal || TemplateRenderError.isInstance(error)) return error;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return limitError('depth', 'render exceeded the call stack (runaway recursion?)');
  }
  if (error instanceof RangeError && /string length|array length/i.test(error.message)) {
    return limitError('output', 'render built a value too large to hold');
  }
  return new TemplateRenderError('runtime', error instanceof Error ? error.message : String(error), { cause: error });
}

/** Runs one compiled template against one set of variables. */
export class Interpreter extends ExpressionEvaluator {
  constructor(
    budget: RenderBudget,
    now: Date,
    private readonly positions: NodePositions,
    strict: boolean,
  ) {
    super(budget, now, strict);
  }

  /** Renders `body` with `variables` on top of the globals. */
  run(body: readonly AnyNode[], variables: ReadonlyMap<string, Value>): string {
    const globals = new Scope();
    for (const [k, v] of makeGlobals(this)) globals.set(k, v);
    const scope = new Scope(globals);
    for (const [k, v] of variables) scope.set(k, v);
    return this.block(body, scope);
  }

  /** Renders a list of statements, concatenating their output. */
  private block(nodes: readonly AnyNode[], scope: Scope): string {
    let out = '';
    for (const node of nodes) {
      try {
        out += this.execute(node, scope);
      } catch (error) {
        // Jinja2 keeps what an iteration printed before its `break`/`continue`.
        if (error instanceof LoopSignal) throw error.after(out);
        const converted = toRenderError(error);
        throw TemplateRenderError.isInstance(converted) ? converted.at(this.positions.get(node)) : converted;
      }
      this.budget.checkLength(out.length);
    }
    return out;
  }

  private execute(node: AnyNode, scope: Scope): string {
    switch (node.type) {
      case 'If':
        return this.block(truthy(this.evaluate(node.test, scope)) ? node.body : node.alternate, scope);
      case 'For':
        return this.forLoop(node, scope);
      case 'Set': {
        const value = node.value === null ? this.block(node.body, scope) : this.evaluate(node.value, scope);
        this.assign(node.assignee, value, scope);
        return '';
      }
      case 'Macro':
        scope.set(node.name.value, this.macro(node, scope));
        return '';
      case 'CallStatement': {
        const caller = new PyCallable('caller', (args, kwargs) => {
          const inner = new Scope(scope);
          this.bindParameters(node.callerArgs ?? [], args, kwargs, inner, 'caller');
          return this.block(node.body, inner);
        });
        const [positional, kwargs] = this.callArguments(node.call.args, scope);
        const callee = this.evaluate(node.call.callee, scope);
        if (!(callee instanceof PyCallable)) throw runtimeError(`'${typeName(callee)}' object is not callable`);
        return pyStr(callee.call(positional, new Map([...kwargs, ['caller', caller]])));
      }
      case 'FilterStatement':
        return pyStr(this.filterWith(node.filter, this.block(node.body, scope), scope));
      case 'Break':
        throw BREAK;
      case 'Continue':
        throw CONTINUE;
      case 'Comment':
        return '';
      default:
        return pyStr(this.evaluate(node, scope));
    }
  }

  private assign(target: AnyNode, value: Value, scope: Scope): void {
    if (target.type === 'Identifier') {
      scope.set(target.value, value);
    } else if (target.type === 'TupleLiteral') {
      const items = sequenceItems(value);
      if (!items || items.length !== target.value.length) {
        throw runtimeError(`cannot unpack ${typeName(value)} into ${target.value.length} names`);
      }
      target.value.forEach((t, i) => this.assign(t, items[i], scope));
    } else if (target.type === 'MemberExpression' && !target.computed && target.property.type === 'Identifier') {
      const object = this.evaluate(target.object, scope);
      if (object instanceof AttrBag && object.kind === 'namespace') object.attrs.set(target.property.value, value);
      // Jinja2 assigns attributes of namespaces only; the reference also sets dict keys.
      else if (object instanceof PyDict && !this.strict) object.set(target.property.value, value);
      else throw runtimeError('cannot assign attribute on non-namespace object');
    } else {
      throw runtimeError(`cannot assign to '${target.type}'`);
    }
  }

  private forLoop(node: ForNode, scope: Scope): string {
    const loopScope = new Scope(scope);
    const select = node.iterable.type === 'SelectExpression' ? node.iterable : undefined;
    const iterable = this.evaluate(select ? select.lhs : node.iterable, loopScope);
    let items = this.loopItems(iterable, node.loopvar.type === 'TupleLiteral');
    if (select) {
      items = items.filter((item) => {
        const probe = new Scope(loopScope);
        this.assign(node.loopvar, item, probe);
        return truthy(this.evaluate(select.test, probe));
      });
    }
    let out = '';
    for (let i = 0; i < items.length; i++) {
      this.budget.step();
      // Each iteration starts from the enclosing scope: in Jinja2 a `set` in the body does
      // not carry over to the next iteration.
      const iteration = new Scope(loopScope);
      iteration.set('loop', this.loopInfo(items, i));
      this.assign(node.loopvar, items[i], iteration);
      try {
        out += this.block(node.body, iteration);
      } catch (error) {
        if (!(error instanceof LoopSignal)) throw error;
        out += error.output;
        if (error.message === 'break') break;
      }
      this.budget.checkLength(out.length);
    }
    return items.length === 0 ? this.block(node.defaultBlock, scope) : out;
  }

  private loopItems(iterable: Value, unpacking: boolean): readonly Value[] {
    if (iterable === undefined) return [];
    if (iterable instanceof PyIterator) return [...iterable.drain()];
    if (typeof iterable === 'string') return Array.from(iterable);
    const items = sequenceItems(iterable);
    if (items) return [...items];
    if (iterable instanceof PyDict) {
      // Like the reference, `for k, v in mapping` walks the items, `for k in mapping` the keys.
      return unpacking ? iterable.entries().map((e) => new PyTuple(e)) : iterable.keys();
    }
    throw runtimeError(`'${typeName(iterable)}' object is not iterable`);
  }

  private loopInfo(items: readonly Value[], i: number): AttrBag {
    const n = items.length;
    return new AttrBag('loop', new Map<string, Value>([
      ['index', i + 1], ['index0', i], ['revindex', n - i], ['revindex0', n - i - 1],
      ['first', i === 0], ['last', i === n - 1], ['length', n], ['depth', 1], ['depth0', 0],
      ['previtem', i > 0 ? items[i - 1] : undefined], ['nextitem', i < n - 1 ? items[i + 1] : undefined],
      ['cycle', new PyCallable('cycle', (args) => (args.length === 0 ? undefined : args[i % args.length]))],
    ]));
  }

  private macro(node: MacroNode, definitionScope: Scope): PyCallable {
    return new PyCallable(node.name.value, (args, kwargs) => {
      this.budget.enter();
      try {
        const scope = new Scope(definitionScope);
        this.bindParameters(node.args, args, kwargs, scope, node.name.value);
        return this.block(node.body, scope);
      } finally {
        this.budget.leave();
      }
    });
  }

  private bindParameters(params: readonly AnyNode[], args: readonly Value[], kwargs: Kwargs, scope: Scope, name: string): void {
    const rest = new Map(kwargs);
    params.forEach((param, i) => {
      const [paramName, fallback] =
        param.type === 'Identifier' ? [param.value, undefined]
        : param.type === 'KeywordArgumentExpression' ? [param.key.value, param.value]
        : [undefined, undefined];
      if (paramName === undefined) throw runtimeError(`bad parameter in macro '${name}'`);
      let value: Value;
      if (i < args.length) value = args[i];
      else if (rest.has(paramName)) value = rest.get(paramName);
      else if (fallback !== undefined) value = this.evaluate(fallback, scope);
      rest.delete(paramName);
      scope.set(paramName, value);
    });
    const caller = rest.get('caller');
    rest.delete('caller');
    if (caller !== undefined) scope.set('caller', caller);
    scope.set('varargs', args.slice(params.length));
    scope.set('kwargs', PyDict.of(rest));
  }
}
