import { dumpJson } from './dump-json.js';
import { gbnfLiteral } from '../gbnf-text.js';
import { isJsonObject } from './schema-json.js';
import type { SchemaJson } from './schema-json.js';
import { notStringsBody } from './not-strings.js';

/** What building an object rule needs from the converter. */
export interface ObjectRuleHost {
  /** Converts a sub-schema into a rule named after `name`; returns the rule name. */
  visit(schema: SchemaJson, name: string, path: string): string;
  /** Adds a rule (with de-duplication) and returns its name. */
  addRule(name: string, body: string): string;
  /** Adds a predefined rule and its dependencies; returns its name. */
  addPrimitive(name: string): string;
}

/** A declared property: its name, its schema and the schema's path. */
export interface PropertySpec {
  /** The property name. */
  readonly name: string;
  /** The property's schema. */
  readonly schema: SchemaJson;
  /** JSON pointer of the property's schema. */
  readonly path: string;
}

/** Stands for "any additional property" among the optional keys; cannot clash with a name. */
const ADDITIONAL = Symbol('additional');
type OptionalKey = string | typeof ADDITIONAL;

/**
 * The body of a rule for a JSON object with the given properties, in declaration order:
 * required ones first (all of them, in order), then any subset of the optional ones in
 * order, then (when `additional` is `true` or a schema) further keys that differ from the
 * declared names. Sub-rules are named `<name>-<prop>`, `<name>-<prop>-kv`,
 * `<name>-<prop>-rest`, `<name>-additional-…`.
 *
 * Each optional property gets one `-rest` rule for "the optional properties after it",
 * built once from the end, so the grammar stays linear in the number of properties.
 */
export function objectRuleBody(
  host: ObjectRuleHost,
  properties: readonly PropertySpec[],
  required: ReadonlySet<string>,
  name: string,
  additional: { readonly schema: SchemaJson; readonly path: string } | undefined,
): string {
  const prefix = name === '' ? '' : `${name}-`;
  const kvRules = new Map<OptionalKey, string>();
  const requiredNames: string[] = [];
  const optional: OptionalKey[] = [];
  for (const prop of properties) {
    const valueRule = host.visit(prop.schema, `${prefix}${prop.name}`, prop.path);
    const key = gbnfLiteral(dumpJson(prop.name));
    kvRules.set(prop.name, host.addRule(`${prefix}${prop.name}-kv`, `${key} space ":" space ${valueRule}`));
    (required.has(prop.name) ? requiredNames : optional).push(prop.name);
  }

  const extra = additional?.schema;
  if (extra === true || isJsonObject(extra)) {
    const subName = `${prefix}additional`;
    const valueRule =
      additional !== undefined && isJsonObject(extra)
        ? host.visit(extra, `${subName}-value`, additional.path)
        : host.addPrimitive('value');
    const keyRule =
      properties.length === 0
        ? host.addPrimitive('string')
        : host.addRule(`${subName}-k`, notStringsBody(properties.map((p) => p.name), host.addPrimitive('char')));
    kvRules.set(ADDITIONAL, host.addRule(`${subName}-kv`, `${keyRule} ":" space ${valueRule}`));
    optional.push(ADDITIONAL);
  }

  let rule = `"{" space ${requiredNames.map((k) => kvRules.get(k) ?? '').join(' "," space ')}`;
  if (optional.length > 0) {
    const kv = (i: number): string => kvRules.get(optional[i] ?? '') ?? '';
    // `optional[i]` present as the first key of the group, then possibly more.
    const leading = (i: number): string => {
      const comma = `( "," space ${kv(i)} )`;
      return optional[i] === ADDITIONAL ? `${kv(i)} ${comma}*` : kv(i);
    };
    // `optional[i]` possibly present after an earlier key.
    const following = (i: number): string =>
      `( "," space ${kv(i)} )${optional[i] === ADDITIONAL ? '*' : '?'}`;
    // restRules[i]: the keys after optional[i], each possibly present, as one rule.
    const restRules: string[] = [];
    for (let i = optional.length - 2; i >= 0; i--) {
      const next = restRules[i + 1];
      const body = next === undefined ? following(i + 1) : `${following(i + 1)} ${next}`;
      const key = optional[i];
      restRules[i] = host.addRule(`${prefix}${typeof key === 'string' ? key : '*'}-rest`, body);
    }
    const alternatives = optional.map((_, i) => {
      const rest = restRules[i];
      return rest === undefined ? leading(i) : `${leading(i)} ${rest}`;
    });
    rule += ' (';
    if (requiredNames.length > 0) rule += ' "," space ( ';
    rule += alternatives.join(' | ');
    if (requiredNames.length > 0) rule += ' )';
    rule += ' )?';
  }
  return `${rule} "}" space`;
}
