/**
 * The types every autoparser layer shares, so that a plugin, a format handler or a recovery
 * rule is written against one small package: the shapes of a plugin at each stage (render,
 * analysis, generation), the recovery sites, the closed list of
 * built-in recovery rule ids, and the shape of a rule and of the options that choose rules.
 *
 * @packageDocumentation
 */
export type {
  AnalysisPlugin,
  FormatHook,
  Plugin,
  ReasoningTagPair,
  RenderHooks,
  RenderJson,
  RenderMessage,
  RenderPlugin,
} from './plugin.js';
export { BUILTIN_RECOVERY_RULE_IDS, RECOVERY_SITES, isBuiltinRecoveryRuleId, isRecoveryRuleId } from './recovery.js';
export type {
  BuiltinRecoveryRuleId,
  PluginRecoveryRuleId,
  RecoveryExample,
  RecoveryOptions,
  RecoveryRule,
  RecoveryRuleId,
  RecoverySite,
} from './recovery.js';
