import { GbnfSchemaError } from '../errors.js';
import type { GbnfSchemaWarning } from '../errors.js';
import { mergeAllOf } from './all-of.js';
import { STRING_FORMAT_RULES, builtinRule, isReservedRuleName } from './builtin-rules.js';
import { dumpJson } from './dump-json.js';
import { buildRepetition, gbnfLiteral } from '../gbnf-text.js';
import type { GrammarRules } from './grammar-rules.js';
import { sanitizeRuleName } from './grammar-rules.js';
import { integerRangeAlternatives } from './integer-range.js';
import { isJsonArray, isJsonObject, jsonTypeName } from './schema-json.js';
import type { SchemaJson, SchemaJsonObject } from './schema-json.js';
import { childPointer } from './json-pointer.js';
import { arrayKeyword, countRange, integerBounds } from './keyword-values.js';
import { objectRuleBody } from './object-rule.js';
import type { ObjectRuleHost, PropertySpec } from './object-rule.js';
import { patternBody, patternRule, type PatternHost } from './pattern-rule.js';
import type { RefTarget, ResolvedSchema } from './resolve-refs.js';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const BOUND_KEYS = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'];

/** Limits and switches of a {@link SchemaVisitor}. */
export interface VisitorSettings {
  /** `.` in patterns also matches line breaks. */
  readonly dotall: boolean;
  /** Deepest nesting of schemas (and of pattern groups). */
  readonly maxDepth: number;
  /** Most sub-schema visits per document. */
  readonly maxVisits: number;
  /** Receives what was dropped from patterns. */
  readonly warn: (warning: GbnfSchemaWarning) => void;
}

/**
 * Walks one schema document at a time, adding its rules to a shared {@link GrammarRules}
 * with the reference's naming: a sub-schema's rule is named after its location (`a-kv`,
 * `item`, `tuple-0`, `alternative-1`, `ref-defs-x`), primitives reuse the shared rules.
 */
export class SchemaVisitor implements ObjectRuleHost {
  private doc: ResolvedSchema | undefined;
  private depth = 0;
  private visits = 0;
  private readonly refNames = new Map<string, string>();
  // Refs being visited → their rule name and the structural level they started at.
  private readonly pendingRefs = new Map<string, { readonly name: string; readonly level: number }>();
  // How many objects/arrays enclose the current visit: a reference cycle that does not
  // pass through one would be a left-recursive grammar matching nothing.
  private structural = 0;

  constructor(
    private readonly rules: GrammarRules,
    private readonly settings: VisitorSettings,
  ) {}

  /** Adds the rules of `doc` under rule name `name` (`''` for `root`); returns the rule name. */
  convert(doc: ResolvedSchema, name: string): string {
    this.doc = doc;
    this.depth = 0;
    this.visits = 0;
    this.refNames.clear();
    this.pendingRefs.clear();
    this.structural = 0;
    try {
      return this.visit(doc.root, name, '');
    } finally {
      this.doc = undefined;
    }
  }

  /** What pattern translation needs, reporting dropped constructs at `path`. */
  patternHost(path: string): PatternHost {
    return {
      addRule: (n: string, b: string) => this.addRule(n, b),
      dotRule: () => this.addRule('dot', this.settings.dotall ? '[\\U00000000-\\U0010FFFF]' : '[^\\x0A\\x0D]'),
      warn: (message: string) => this.settings.warn({ code: 'ignored-pattern-assertion', message, path }),
      maxDepth: this.settings.maxDepth,
    };
  }

  /** Adds rule `name` for unquoted text matching `pattern` (raw string arguments). */
  rawPattern(name: string, pattern: string): string {
    return this.addRule(name, patternBody(pattern, name, this.patternHost('/pattern'), '/pattern'));
  }

  addRule(name: string, body: string): string {
    return this.rules.add(name, body);
  }

  addPrimitive(name: string): string {
    return this.addBuiltinAs(name, name);
  }

  /** Adds predefined rule `builtin`'s body under `name`, plus the rules it depends on. */
  addBuiltinAs(name: string, builtin: string): string {
    const rule = builtinRule(builtin);
    if (rule === undefined) throw new RangeError(`No predefined rule "${builtin}"`);
    const added = this.rules.add(name, rule.body);
    for (const dep of rule.deps) {
      if (!this.rules.has(dep)) this.addBuiltinAs(dep, dep);
    }
    return added;
  }

  private lookupRef(ref: string, path: string): RefTarget {
    const target = this.doc?.refs.get(ref);
    if (target === undefined) throw new GbnfSchemaError('unresolved-ref', `Unresolved $ref "${ref}"`, path);
    return target;
  }

  /** The rule for `$ref` target `ref`, visited once per document; cycles refer to the pending name. */
  private refRule(ref: string, path: string): string {
    const known = this.refNames.get(ref);
    if (known !== undefined) return known;
    const pending = this.pendingRefs.get(ref);
    if (pending !== undefined) {
      if (pending.level === this.structural) {
        throw new GbnfSchemaError('unsupported-schema', `$ref "${ref}" refers to itself without an object or array in between`, path);
      }
      return pending.name;
    }
    const target = this.lookupRef(ref, path);
    const base = `ref${sanitizeRuleName(ref.slice(ref.indexOf('#') + 1))}`;
    // A name already taken (by another document) gets a free suffix, so a recursive
    // reference to the pending name cannot land on someone else's rule.
    let name = base;
    for (let i = 0; this.rules.has(name); i++) name = `${base}${i}`;
    this.pendingRefs.set(ref, { name, level: this.structural });
    const rule = this.visit(target.schema, name, target.path);
    this.pendingRefs.delete(ref);
    this.refNames.set(ref, rule);
    return rule;
  }

  private union(name: string, alternatives: readonly { schema: SchemaJson; path: string }[]): string {
    return alternatives
      .map(({ schema, path }, i) => this.visit(schema, `${name}${name === '' ? 'alternative-' : '-'}${i}`, path))
      .join(' | ');
  }

  /** Converts `schema` (at `path`) into a rule named after `name`; returns the rule name. */
  visit(schema: SchemaJson, name: string, path: string): string {
    if (this.depth >= this.settings.maxDepth) {
      throw new GbnfSchemaError('too-deep', `Schema nesting exceeds ${this.settings.maxDepth} levels`, path);
    }
    if (++this.visits > this.settings.maxVisits) {
      throw new GbnfSchemaError('too-large', `Schema needs more than ${this.settings.maxVisits} sub-schema visits`, path);
    }
    if (!isJsonObject(schema)) {
      throw new GbnfSchemaError('unsupported-schema', `Schema must be an object, not ${jsonTypeName(schema)}`, path);
    }
    this.depth++;
    try {
      return this.visitObject(schema, name, path);
    } finally {
      this.depth--;
    }
  }

  private visitObject(schema: SchemaJsonObject, name: string, path: string): string {
    const type = schema.get('type');
    const format = schema.has('format') ? schema.get('format') : '';
    if (typeof format !== 'string') throw new GbnfSchemaError('invalid-schema', 'format must be a string', childPointer(path, 'format'));
    const ruleName = isReservedRuleName(name) ? `${name}-` : name === '' ? 'root' : name;
    const prefix = name === '' ? '' : `${name}-`;
    const untyped = type === undefined;

    const ref = schema.get('$ref');
    if (typeof ref === 'string') return this.addRule(ruleName, this.refRule(ref, childPointer(path, '$ref')));
    for (const key of ['oneOf', 'anyOf']) {
      if (!schema.has(key)) continue;
      const alternatives = arrayKeyword(schema, key, path, true);
      const altPath = childPointer(path, key);
      return this.addRule(ruleName, this.union(name, alternatives.map((s, i) => ({ schema: s, path: childPointer(altPath, i) }))));
    }
    if (isJsonArray(type)) {
      if (type.length === 0) throw new GbnfSchemaError('invalid-schema', 'type must not be an empty array', childPointer(path, 'type'));
      const copies = type.map((t, i) => {
        if (typeof t !== 'string' || !JSON_TYPES.has(t)) {
          const code = typeof t === 'string' ? 'unsupported-schema' : 'invalid-schema';
          throw new GbnfSchemaError(code, `Unknown type ${dumpJson(t)}`, childPointer(childPointer(path, 'type'), i));
        }
        return { schema: new Map(schema).set('type', t), path };
      });
      return this.addRule(ruleName, this.union(name, copies));
    }
    if (schema.has('const')) return this.addRule(ruleName, `${gbnfLiteral(dumpJson(schema.get('const') ?? null))} space`);
    if (schema.has('enum')) {
      const values = arrayKeyword(schema, 'enum', path, true);
      return this.addRule(ruleName, `(${values.map((v) => gbnfLiteral(dumpJson(v))).join(' | ')}) space`);
    }
    const additional = schema.get('additionalProperties');
    if ((untyped || type === 'object') && (schema.has('properties') || (additional !== undefined && additional !== true))) {
      return this.addRule(ruleName, this.nested(() => this.objectBody(schema, name, path, additional)));
    }
    if ((untyped || type === 'object' || type === 'string') && schema.has('allOf')) {
      const merged = mergeAllOf(arrayKeyword(schema, 'allOf', path), childPointer(path, 'allOf'), (r, p) => this.lookupRef(r, p));
      if (merged.enumLiterals.length > 0) return this.addRule(ruleName, `(${merged.enumLiterals.join(' | ')}) space`);
      return this.addRule(ruleName, this.nested(() => objectRuleBody(this, merged.properties, merged.required, name, undefined)));
    }
    if ((untyped || type === 'array') && (schema.has('items') || schema.has('prefixItems'))) {
      return this.addRule(ruleName, this.nested(() => this.arrayBody(schema, prefix, path)));
    }
    if ((untyped || type === 'string') && schema.has('pattern')) {
      const pattern = schema.get('pattern');
      const patternPath = childPointer(path, 'pattern');
      if (typeof pattern !== 'string') throw new GbnfSchemaError('invalid-schema', 'pattern must be a string', patternPath);
      return patternRule(pattern, ruleName, this.patternHost(patternPath), patternPath);
    }
    if ((untyped || type === 'string') && /^uuid[1-5]?$/.test(format)) {
      return this.addBuiltinAs(ruleName === 'root' ? 'root' : format, 'uuid');
    }
    if ((untyped || type === 'string') && Object.hasOwn(STRING_FORMAT_RULES, `${format}-string`)) {
      return this.addRule(ruleName, this.addPrimitive(`${format}-string`));
    }
    if (type === 'string' && (schema.has('minLength') || schema.has('maxLength'))) {
      const char = this.addPrimitive('char');
      const { min, max } = countRange(schema, 'minLength', 'maxLength', path);
      return this.addRule(ruleName, `"\\"" ${buildRepetition(char, min, max)} "\\"" space`);
    }
    if (type === 'integer' && BOUND_KEYS.some((key) => schema.has(key))) {
      const { min, max } = integerBounds(schema, path);
      if (min !== undefined || max !== undefined) {
        const alternatives = integerRangeAlternatives(min, max);
        if (alternatives === undefined) {
          const bound = min === undefined ? `≤ ${String(max)}` : `≥ ${String(min)}`;
          throw new GbnfSchemaError('unsupported-schema', `No integer of at most 16 digits is ${bound}`, path);
        }
        return this.addRule(ruleName, `(${alternatives}) space`);
      }
    }
    if (schema.size === 0 || type === 'object') return this.addRule(ruleName, this.addPrimitive('object'));
    // No type and nothing recognised (say, only a description): any JSON value.
    if (untyped) return this.addRule(ruleName, this.addPrimitive('value'));
    if (typeof type !== 'string') {
      throw new GbnfSchemaError('invalid-schema', 'type must be a string or an array of strings', childPointer(path, 'type'));
    }
    if (!JSON_TYPES.has(type)) throw new GbnfSchemaError('unsupported-schema', `Unknown type ${dumpJson(type)}`, childPointer(path, 'type'));
    return this.addBuiltinAs(ruleName === 'root' ? 'root' : type, type);
  }

  /** Runs `build` one structural level (object or array) deeper. */
  private nested(build: () => string): string {
    this.structural++;
    try {
      return build();
    } finally {
      this.structural--;
    }
  }

  private objectBody(schema: SchemaJsonObject, name: string, path: string, additional: SchemaJson | undefined): string {
    const props = schema.get('properties') ?? new Map<string, SchemaJson>();
    const propsPath = childPointer(path, 'properties');
    if (!isJsonObject(props)) throw new GbnfSchemaError('invalid-schema', 'properties must be an object', propsPath);
    const required = schema.get('required');
    const requiredNames = new Set(isJsonArray(required) ? required.filter((r): r is string => typeof r === 'string') : []);
    const properties: PropertySpec[] = [...props].map(([prop, sub]) => ({ name: prop, schema: sub, path: childPointer(propsPath, prop) }));
    const extra = additional === undefined ? undefined : { schema: additional, path: childPointer(path, 'additionalProperties') };
    return objectRuleBody(this, properties, requiredNames, name, extra);
  }

  private arrayBody(schema: SchemaJsonObject, prefix: string, path: string): string {
    const key = schema.has('items') ? 'items' : 'prefixItems';
    const items = schema.get(key) ?? null;
    const itemsPath = childPointer(path, key);
    if (isJsonArray(items)) {
      const tuple = items.map((item, i) => this.visit(item, `${prefix}tuple-${i}`, childPointer(itemsPath, i)));
      return `"[" space ${tuple.join(' "," space ')} "]" space`;
    }
    const item = this.visit(items, `${prefix}item`, itemsPath);
    const { min, max } = countRange(schema, 'minItems', 'maxItems', path);
    return `"[" space ${buildRepetition(item, min, max, '"," space')} "]" space`;
  }
}
