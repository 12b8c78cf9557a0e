/**
 * The types every autoparser layer shares, so that a plugin, a format handler or a recovery
 * rule is written against one small package: the recovery sites, the closed list of
 * built-in recovery rule ids, and the shape of a rule and of the options that choose rules.
 *
 * @packageDocumentation
 */
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
