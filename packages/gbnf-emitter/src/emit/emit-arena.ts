import type { Arena, ParserId, PegNode } from '@autoparser/peg-core';
import { SchemaConverter } from '../schema/schema-converter.js';
import { GbnfEmitError } from '../errors.js';
import { exclusionRules } from './exclusion-rules.js';
import { gbnfLiteral } from '../gbnf-text.js';
import { gbnfClass, gbnfRuleName } from './gbnf-text.js';
import { jsonRules } from './json-rules.js';
import { parseOnlyNodes } from './parse-only-nodes.js';
import { reachableNodes } from './reachable-nodes.js';
import { RuleSet } from './rule-set.js';
import { schemaExprs } from './schema-exprs.js';

/** Options of {@link arenaToGbnf}. */
export interface ArenaToGbnfOptions {
  /**
   * Lazy grammar: emit only the rules reachable from trigger rules, with `root` the
   * alternation of the trigger rules (the grammar applies once a trigger fired).
   */
  readonly lazy?: boolean;
}

/** An expression and how tightly it binds, to place parentheses only where needed. */
interface Expr {
  readonly text: string;
  /** `never`: matches nothing (a parse-only recovery), left out of sequences' choices. */
  readonly kind: 'empty' | 'atom' | 'seq' | 'alt' | 'never';
}

const EMPTY: Expr = { text: '', kind: 'empty' };
const NEVER: Expr = { text: '', kind: 'never' };
const atom = (text: string): Expr => ({ text, kind: 'atom' });
const grouped = (e: Expr): string => (e.kind === 'seq' || e.kind === 'alt' ? `(${e.text})` : e.text);

function sequenceOf(parts: readonly Expr[]): Expr {
  if (parts.some((p) => p.kind === 'never')) return NEVER;
  const live = parts.filter((p) => p.kind !== 'empty');
  if (live.length === 0) return EMPTY;
  if (live.length === 1) return live[0]!;
  return { text: live.map((p) => (p.kind === 'alt' ? `(${p.text})` : p.text)).join(' '), kind: 'seq' };
}

function choiceOf(all: readonly Expr[]): Expr {
  const options = all.filter((o) => o.kind !== 'never');
  if (options.length === 0) return NEVER;
  if (options.length === 1) return options[0]!;
  return { text: options.map((o) => (o.kind === 'empty' ? '""' : o.kind === 'alt' ? `(${o.text})` : o.text)).join(' | '), kind: 'alt' };
}

function quantifier(min: number, max: number): string {
  if (min === 0 && max === 1) return '?';
  if (min === 0 && max < 0) return '*';
  if (min === 1 && max < 0) return '+';
  if (max < 0) return `{${min},}`;
  if (min === max) return min === 1 ? '' : `{${min}}`;
  return `{${min},${max}}`;
}

function repeatOf(body: Expr, min: number, max: number): Expr {
  if (body.kind === 'never') return min > 0 ? NEVER : EMPTY;
  if (body.kind === 'empty' || max === 0) return EMPTY;
  const q = quantifier(min, max);
  return q === '' ? body : atom(`${grouped(body)}${q}`);
}

/** Emits the GBNF of one arena's nodes into a rule set. */
class Emitter {
  private readonly exprs = new Map<ParserId, Expr>();
  private readonly ruleNames = new Map<ParserId, string>();
  private readonly pending: ParserId[] = [];
  private jsonAdded = false;
  private untilCount = 0;

  constructor(
    private readonly arena: Arena,
    private readonly rules: RuleSet,
    /** The grammar expression of each schema node, made before any other rule. */
    private readonly schemas: ReadonlyMap<ParserId, string | undefined>,
    /** Nodes the grammar leaves out (parse-only recoveries and what needs them). */
    private readonly never: ReadonlySet<ParserId>,
  ) {}

  /** Keeps the `json-…` names for the JSON rules, before any arena rule can take them. */
  reserveJson(): void {
    if (this.arena.nodes.some((n) => n.kind === 'json')) {
      for (const [name] of jsonRules(this.arena.pythonDicts)) this.rules.reserve(name);
    }
  }

  /** The GBNF name of a rule node; its body is emitted by {@link flush}. */
  ruleName(id: ParserId): string {
    let name = this.ruleNames.get(id);
    if (name === undefined) {
      const node = this.arena.nodes[id];
      name = this.rules.reserve(gbnfRuleName(node?.kind === 'rule' ? node.name : `rule-${id}`));
      this.ruleNames.set(id, name);
      this.pending.push(id);
    }
    return name;
  }

  /** Emits the bodies of every rule named so far (and of those they name). */
  flush(): void {
    while (this.pending.length > 0) {
      const id = this.pending.pop()!;
      const node = this.arena.nodes[id];
      if (node?.kind === 'rule') this.rules.define(this.ruleNames.get(id)!, this.body(node.child));
    }
  }

  /** A rule body: never empty text. */
  body(id: ParserId): string {
    const e = this.expr(id);
    if (e.kind === 'never') throw new GbnfEmitError('empty-grammar', 'the parser matches nothing outside its parse-only recoveries', String(id));
    return e.kind === 'empty' ? '""' : e.text;
  }

  private expr(id: ParserId): Expr {
    const known = this.exprs.get(id);
    if (known) return known;
    const node = this.arena.nodes[id];
    if (!node) throw new GbnfEmitError('invalid-arena', `node ${id} does not exist`, String(id));
    const e = this.never.has(id) ? NEVER : this.build(node, id);
    this.exprs.set(id, e);
    return e;
  }

  private json(kind: string): Expr {
    if (!this.jsonAdded) {
      this.jsonAdded = true;
      for (const [name, body] of jsonRules(this.arena.pythonDicts)) this.rules.define(name, body);
    }
    return atom(kind === 'string_content' ? 'json-chars' : `json-${kind}`);
  }

  private until(delimiters: readonly string[]): Expr {
    const name = this.rules.reserve(`until-${++this.untilCount}`);
    const [entry, ...states] = exclusionRules(name, delimiters);
    this.rules.define(name, entry![1]);
    for (const [state, body] of states) this.rules.define(this.rules.reserve(state), body);
    return atom(name);
  }

  private build(node: PegNode, id: ParserId): Expr {
    switch (node.kind) {
      case 'eps':
      case 'start':
      case 'end':
      case 'peek':
      case 'negate':
        // Anchors and lookahead have no context-free form: the grammar is the looser language.
        return EMPTY;
      case 'literal':
        return node.text === '' ? EMPTY : atom(gbnfLiteral(node.text));
      case 'any':
        return atom('.');
      case 'sequence':
        return sequenceOf(node.children.map((c) => this.expr(c)));
      case 'choice':
        return choiceOf(node.children.map((c) => this.expr(c)));
      case 'repeat':
        return repeatOf(this.expr(node.child), node.min, node.max);
      case 'chars':
        return repeatOf(atom(gbnfClass(node.ranges, node.negated)), node.min, node.max);
      case 'space':
        return atom('[ \\t\\n]*');
      case 'until':
        return this.until(node.delimiters);
      case 'rest':
        return atom('.*');
      case 'json':
        return this.json(node.json);
      case 'rule':
        return atom(this.ruleName(id));
      case 'ref': {
        const target = this.arena.rules[node.name];
        if (target === undefined) throw new GbnfEmitError('undefined-rule', `rule "${node.name}" is not defined`, node.name);
        return atom(this.ruleName(target));
      }
      case 'schema': {
        const rule = this.schemas.get(id);
        return rule === undefined ? this.expr(node.child) : atom(rule);
      }
      case 'atomic':
      case 'tag':
        return this.expr(node.child);
      case 'recover':
        return NEVER;
      case 'dual':
        return this.expr(node.grammar);
    }
  }
}

function triggerRules(arena: Arena): ParserId[] {
  return Object.values(arena.rules).filter((id) => {
    const node = arena.nodes[id];
    return node?.kind === 'rule' && node.trigger;
  });
}

/**
 * GBNF (llama.cpp's grammar format) for a peg-core arena, accepting at least everything the
 * parser accepts. Lookahead (`peek`, `negate`) and anchors emit nothing; `until` becomes an
 * exact "text without the delimiter" grammar; JSON parsers become `json-…` rules; `schema`
 * nodes are emitted from their JSON schema (narrowing what the parser accepts, by design),
 * raw string schemas from their `const`/`enum` or else from the parser; `recover` nodes
 * (parse-only recoveries) and what cannot match without them are left out, so the grammar
 * stays canonical. Rules keep the arena's rule names and are sorted.
 *
 * @throws {@link GbnfEmitError} for a lazy grammar without trigger rules or a broken arena;
 * `GbnfSchemaError` for a schema that cannot be converted.
 */
export function arenaToGbnf(arena: Arena, options: ArenaToGbnfOptions = {}): string {
  const never = parseOnlyNodes(arena);
  // A trigger rule that only a recovery reaches is not a trigger of the grammar.
  const roots = options.lazy ? triggerRules(arena).filter((id) => !never.has(id)) : [arena.root];
  if (options.lazy && roots.length === 0) throw new GbnfEmitError('no-trigger-rules', 'a lazy grammar needs at least one trigger rule');
  // Schema rules come first, so the arena's own rules take names around theirs.
  const converter = new SchemaConverter();
  const schemas = schemaExprs(arena, reachableNodes(arena, roots), converter);
  const rules = new RuleSet();
  if (schemas.converted) for (const [name, body] of converter.rules()) rules.define(rules.reserve(name), body);
  rules.reserve('root');
  const emitter = new Emitter(arena, rules, schemas.exprs, never);
  emitter.reserveJson();
  try {
    rules.define('root', options.lazy ? roots.map((id) => emitter.ruleName(id)).join(' | ') : emitter.body(arena.root));
    emitter.flush();
  } catch (error) {
    if (error instanceof RangeError) throw new GbnfEmitError('too-deep', 'the arena nests parsers too deeply to emit a grammar');
    throw error;
  }
  return rules.format();
}
