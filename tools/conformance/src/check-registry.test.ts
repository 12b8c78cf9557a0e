import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, buildCheckRegistry } from './check-registry.js';

describe('check registry', () => {
  it('registers the checks of every format under their fixed names', () => {
    const registry = buildCheckRegistry();
    const names = Object.fromEntries(Object.entries(registry).map(([format, checks]) => [format, checks.map((c) => c.name)]));
    expect(names).toEqual({
      'chat-cases': ['load', 'prompt', 'parse', 'stream', 'grammar', 'reconstruction', 'warnings', 'strict'],
      'template-analysis': ['load', 'analysis', 'self-check'],
      'json-schema-to-gbnf': ['load', 'grammar'],
      'grammar-acceptance': ['load', 'accept'],
    });
    expect(names).toEqual(CHECK_NAMES);
  });

  it('implements only load by default', () => {
    for (const checks of Object.values(buildCheckRegistry())) {
      for (const check of checks) {
        expect(check.implemented).toBe(check.name === 'load');
        expect(check.run !== undefined).toBe(check.implemented);
      }
    }
  });

  it('plugs a supplied implementation in and keeps load', () => {
    const accept = () => ({ passed: true });
    const registry = buildCheckRegistry({ 'grammar-acceptance': { accept } });
    const [load, acceptCheck] = registry['grammar-acceptance'];
    expect(load!.implemented).toBe(true);
    expect(acceptCheck).toEqual({ name: 'accept', implemented: true, run: accept });
    expect(registry['chat-cases'].filter((c) => c.implemented).map((c) => c.name)).toEqual(['load']);
  });

  it('rejects an implementation for a check the format does not have', () => {
    // Bypasses the types on purpose: the runtime guard is for untyped callers.
    const bogus = JSON.parse('{"json-schema-to-gbnf": {"accept": null}}') as Parameters<typeof buildCheckRegistry>[0];
    expect(() => buildCheckRegistry(bogus)).toThrow('json-schema-to-gbnf has no check named accept');
  });
});
