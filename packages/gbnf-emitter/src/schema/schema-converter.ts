import type { GbnfSchemaWarning } from '../errors.js';
import { SPACE_RULE } from './builtin-rules.js';
import type { JsonPrimitiveRuleName, StringFormatRuleName } from './builtin-rules.js';
import { GrammarRules } from './grammar-rules.js';
import { ResolvedSchema, resolveRefs } from './resolve-refs.js';
import { DEFAULT_MAX_DEPTH } from './schema-json.js';
import type { JsonSchema } from './schema-json.js';
import { SchemaVisitor } from './schema-visitor.js';

/** Sub-schema visits allowed per schema by default; bounds the work on pathological input. */
export const DEFAULT_MAX_VISITS = 100_000;

/** Options of the schema converter behind `schemaToGbnf` and the schema rules of `arenaToGbnf`. */
export interface SchemaConverterOptions {
  /** `.` in `pattern`s also matches `\n` and `\r` (default `false`). */
  readonly dotall?: boolean;
  /** Deepest nesting of schemas, JSON values and pattern groups (default {@link DEFAULT_MAX_DEPTH}). */
  readonly maxDepth?: number;
  /** Most sub-schema visits per added schema (default {@link DEFAULT_MAX_VISITS}). */
  readonly maxVisits?: number;
  /** Called for each construct dropped from a `pattern` (lookarounds, `\b`). */
  readonly onWarning?: (warning: GbnfSchemaWarning) => void;
}

/**
 * Builds one GBNF grammar from any number of JSON schemas and hand-written rules, all
 * sharing the `space` rule, the JSON primitives (`string`, `number`, `value`, …) and one
 * namespace with the reference's de-duplication (a clashing name gets a numeric suffix).
 *
 * ```ts
 * const converter = createSchemaConverter();
 * const args = converter.addSchema('get-weather-args', toolParameters);
 * converter.addRule('root', `"<call>" space ${args} "</call>"`);
 * const grammar = converter.toGrammar();
 * ```
 */
export class SchemaConverter {
  private readonly grammar = new GrammarRules();
  private readonly visitor: SchemaVisitor;
  private readonly warningList: GbnfSchemaWarning[] = [];
  private readonly maxDepth: number;

  constructor(options: SchemaConverterOptions = {}) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.grammar.add('space', SPACE_RULE);
    this.visitor = new SchemaVisitor(this.grammar, {
      dotall: options.dotall ?? false,
      maxDepth: this.maxDepth,
      maxVisits: options.maxVisits ?? DEFAULT_MAX_VISITS,
      warn: (warning) => {
        this.warningList.push(warning);
        options.onWarning?.(warning);
      },
    });
  }

  /**
   * Adds the rules for `schema` (JSON text, an object, or the result of
   * {@link resolveRefs}) and returns the name of the rule matching it, followed by optional
   * space. Sub-rules are named after `name` (`<name>-<property>`, …); `name` `"root"` or `""`
   * gives the top-level naming (`root`, and bare property names). On error nothing is added.
   *
   * @throws {@link GbnfSchemaError} naming the path of the offending schema location.
   */
  addSchema(name: string, schema: JsonSchema | string | ResolvedSchema): string {
    const mark = this.grammar.checkpoint();
    try {
      const doc = schema instanceof ResolvedSchema ? schema : resolveRefs(schema, { maxDepth: this.maxDepth });
      return this.visitor.convert(doc, name === 'root' ? '' : name);
    } catch (error) {
      this.grammar.rollback(mark);
      throw error;
    }
  }

  /**
   * Adds a hand-written rule. Its name is sanitised to `[a-zA-Z0-9-]` and, when taken by a
   * different body, suffixed (`name0`, `name1`, …); the name actually used is returned.
   */
  addRule(name: string, body: string): string {
    return this.grammar.add(name, body);
  }

  /**
   * Adds rule `name` for text matching the anchored regex `pattern` without JSON quotes or
   * trailing space (tagged string arguments) and returns the rule name.
   *
   * @throws {@link GbnfSchemaError} for a pattern that cannot be translated.
   */
  addRawPattern(name: string, pattern: string): string {
    const mark = this.grammar.checkpoint();
    try {
      return this.visitor.rawPattern(name, pattern);
    } catch (error) {
      this.grammar.rollback(mark);
      throw error;
    }
  }

  /**
   * Adds a predefined rule (and the rules it uses) under its own name; returns the name.
   *
   * @throws RangeError for a name that is not a predefined rule.
   */
  addPrimitive(name: JsonPrimitiveRuleName | StringFormatRuleName): string {
    return this.visitor.addPrimitive(name);
  }

  /** What was dropped from patterns so far; the grammar accepts more than those schemas. */
  get warnings(): readonly GbnfSchemaWarning[] {
    return this.warningList;
  }

  /** Whether a rule called exactly `name` exists. */
  hasRule(name: string): boolean {
    return this.grammar.has(name);
  }

  /** A copy of the rules, name → body, sorted by name. */
  rules(): Map<string, string> {
    return this.grammar.sorted();
  }

  /** The grammar text: one `name ::= body` line per rule, sorted by name. */
  toGrammar(): string {
    return this.grammar.format();
  }
}

/** A new {@link SchemaConverter}; see there. */
export function createSchemaConverter(options: SchemaConverterOptions = {}): SchemaConverter {
  return new SchemaConverter(options);
}
