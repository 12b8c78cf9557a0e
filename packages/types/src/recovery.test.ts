import { describe, expect, it } from 'vitest';
import { BUILTIN_RECOVERY_RULE_IDS, RECOVERY_SITES, isBuiltinRecoveryRuleId, isRecoveryRuleId } from './index.js';

describe('recovery rule ids', () => {
  it('are kebab-case and listed once', () => {
    for (const id of BUILTIN_RECOVERY_RULE_IDS) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(new Set(BUILTIN_RECOVERY_RULE_IDS).size).toBe(BUILTIN_RECOVERY_RULE_IDS.length);
    expect(new Set(RECOVERY_SITES).size).toBe(RECOVERY_SITES.length);
  });

  it('tell built-in ids, plugin ids and misspellings apart', () => {
    expect(isBuiltinRecoveryRuleId('missing-closer')).toBe(true);
    expect(isBuiltinRecoveryRuleId('missing-closr')).toBe(false);
    expect(isRecoveryRuleId('missing-closr')).toBe(false);
    expect(isRecoveryRuleId('my-plugin/odd-spacing')).toBe(true);
    expect(isBuiltinRecoveryRuleId('my-plugin/odd-spacing')).toBe(false);
    expect(isRecoveryRuleId('/odd')).toBe(false);
    expect(isRecoveryRuleId('a/b/c')).toBe(false);
  });
});
