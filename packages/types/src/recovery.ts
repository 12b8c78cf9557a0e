/**
 * The places in an output format where real model output strays from what the template
 * renders. A recovery rule belongs to one site and serves every format that has that site:
 * a missing closer is the same rule for Qwen3-Coder's `</parameter>`, Gemma 4's
 * `<tool_call|>` and DSML's `</｜DSML｜invoke>`; the format's markers are its parameters.
 */
export const RECOVERY_SITES = [
  'marker-spacing',
  'marker-variant',
  'missing-opener',
  'missing-closer',
  'call-id',
  'value-typing',
  'call-shape',
  'call-separator',
  'text-around-calls',
  'reasoning-boundary',
  'end-of-turn',
] as const;

/** One of `RECOVERY_SITES`. */
export type RecoverySite = (typeof RECOVERY_SITES)[number];

/**
 * The ids of the built-in recovery rules: the stable codes a `recovered` warning carries.
 * A closed list, so that a misspelt id is a type error wherever a rule is named.
 */
export const BUILTIN_RECOVERY_RULE_IDS = [
  // marker-spacing
  'marker-whitespace',
  'tag-attributes',
  // marker-variant
  'marker-variant',
  'tool-name-variant',
  // missing-opener
  'missing-call-opener',
  'missing-message-start',
  'missing-arguments-marker',
  'missing-value-opener',
  'missing-name-prefix',
  'json-call-without-marker',
  'optional-call-marker',
  // missing-closer
  'missing-closer',
  'unterminated-string-at-closer',
  'closer-in-value',
  'arguments-closed-at-end',
  // call-id
  'missing-id',
  'json-extra-id',
  // value-typing
  'typed-value',
  'json-string-arguments',
  'python-literals',
  'quoted-key',
  'json-quoted-string',
  // call-shape
  'json-key-order',
  'json-arguments-alias',
  'arguments-as-parameter',
  'json-function-wrapper',
  'fenced-json',
  'argument-order',
  'tagged-json-arguments',
  'json-call-in-tags',
  'xml-invoke-calls',
  // call-separator
  'call-separator',
  'json-call-separator',
  'json-call-array',
  // text-around-calls
  'text-after-calls',
  'text-between-calls',
  'prose-before-json-call',
  'marker-as-content',
  'undeclared-recipient',
  'readable-prefix',
  // reasoning-boundary
  'reasoning-start-repeated',
  'reasoning-unclosed',
  'reasoning-while-disabled',
  'call-in-reasoning',
  'answer-wrapper',
  // end-of-turn
  'trailing-end-of-turn',
] as const;

/** One of `BUILTIN_RECOVERY_RULE_IDS`. */
export type BuiltinRecoveryRuleId = (typeof BUILTIN_RECOVERY_RULE_IDS)[number];

/**
 * A rule a user's plugin adds: namespaced by the plugin (`my-plugin/odd-spacing`), so it can
 * never be mistaken for, or collide with, a built-in rule.
 */
export type PluginRecoveryRuleId = `${string}/${string}`;

/** The id of a recovery rule: a built-in one, or a plugin's namespaced one. */
export type RecoveryRuleId = BuiltinRecoveryRuleId | PluginRecoveryRuleId;

/** What a recovery rule reads in one format, shown on one output. */
export interface RecoveryExample {
  /** The formats (general modes or dedicated plugins) this example stands for, with families seen using them. */
  readonly formats: string;
  /** The output (or the part of it that strays), as a model wrote it (Markdown). */
  readonly input: string;
  /** What the lenient parser makes of it (Markdown). */
  readonly result: string;
}

/**
 * A recovery rule as users read it: its id, the site it repairs, and an example per kind of
 * format that has the site. Plain data (JSON-serialisable); the parser applies a rule where
 * a format's builder names its id.
 */
export interface RecoveryRule {
  /** The stable code a `recovered` warning carries. */
  readonly id: BuiltinRecoveryRuleId;
  /** Where in a format the rule applies. */
  readonly site: RecoverySite;
  /** What the rule reads, in one sentence. */
  readonly description: string;
  /** At least one example; one per kind of format where the site looks different. */
  readonly examples: readonly RecoveryExample[];
}

/** Which recovery rules a parser applies. Strict parsing applies none. */
export interface RecoveryOptions {
  /** Rules to leave out (their outputs then read as the canonical parser reads them, or as content). */
  readonly disable?: readonly RecoveryRuleId[] | undefined;
}

/** Whether `value` is the id of a built-in rule. */
export function isBuiltinRecoveryRuleId(value: string): value is BuiltinRecoveryRuleId {
  return (BUILTIN_RECOVERY_RULE_IDS as readonly string[]).includes(value);
}

/** Whether `value` names a recovery rule: a built-in id, or a plugin's `plugin/rule` id. */
export function isRecoveryRuleId(value: string): value is RecoveryRuleId {
  return isBuiltinRecoveryRuleId(value) || /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9-]*$/.test(value);
}
