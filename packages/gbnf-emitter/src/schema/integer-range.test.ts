import { describe, expect, it } from 'vitest';
import { integerRangeAlternatives } from './integer-range.js';
import { gbnfToRegExp } from './test-support/gbnf-to-regexp.js';

function matcher(min: bigint | undefined, max: bigint | undefined): RegExp {
  const alternatives = integerRangeAlternatives(min, max);
  if (alternatives === undefined) throw new Error('no alternatives');
  return gbnfToRegExp(`root ::= (${alternatives})`);
}

describe('integerRangeAlternatives', () => {
  it('writes small ranges digit by digit', () => {
    expect(integerRangeAlternatives(0n, 23n)).toBe('[0-9] | ([1] [0-9] | [2] [0-3])');
    expect(integerRangeAlternatives(5n, 9n)).toBe('[5-9]');
    expect(integerRangeAlternatives(7n, 7n)).toBe('"7"');
    expect(integerRangeAlternatives(-3n, -1n)).toBe('"-" ([1-3])');
  });

  it('writes one-sided bounds within the 16 digits of integral-part', () => {
    expect(integerRangeAlternatives(1n, undefined)).toBe('[1-9] [0-9]{0,15}');
    // ≤ 0: any negative integer, or exactly 0.
    expect(integerRangeAlternatives(undefined, 0n)).toBe('"-" [1-9] [0-9]{0,15} | "0"');
    // ≥ 100: a 1 followed by at least two digits, or 2-9 followed by at least two.
    expect(integerRangeAlternatives(100n, undefined)).toBe('[1] ([0-9]{2,15}) | [2-9] [0-9]{2,15}');
  });

  it('has no alternatives for a lower bound beyond 16 digits', () => {
    expect(integerRangeAlternatives(10n ** 16n, undefined)).toBeUndefined();
    expect(integerRangeAlternatives(10n ** 15n, undefined)).toBe('[1] ([0-9]{15}) | [2-9] [0-9]{15}');
  });

  const bounds: [bigint | undefined, bigint | undefined][] = [
    [0n, 23n], [15n, 300n], [-123n, 42n], [-10n, 10n], [-999n, -100n], [7n, 7n], [99n, 101n],
    [0n, undefined], [1n, undefined], [9n, undefined], [10n, undefined], [25n, undefined],
    [100n, undefined], [105n, undefined], [115n, undefined], [456n, undefined], [1000n, undefined],
    [-5n, undefined], [-123n, undefined], [-1000n, undefined],
    [undefined, 30n], [undefined, 0n], [undefined, 100n], [undefined, -1n], [undefined, -5n],
    [undefined, -10n], [undefined, -123n], [undefined, -1000n],
  ];

  it.each(bounds.map(([min, max]) => [String(min), String(max), min, max] as const))(
    'accepts exactly the integers in [%s, %s] (canonical forms, -1500..1500)',
    (_a, _b, min, max) => {
      const re = matcher(min, max);
      for (let n = -1500; n <= 1500; n++) {
        const inRange = (min === undefined || BigInt(n) >= min) && (max === undefined || BigInt(n) <= max);
        expect(re.test(String(n)), String(n)).toBe(inRange);
      }
    },
  );

  it('rejects leading zeros for non-negative ranges', () => {
    for (const [min, max] of [[0n, 23n], [15n, 300n], [5n, undefined], [105n, undefined]] as const) {
      const re = matcher(min, max);
      for (const text of ['00', '01', '007', '0105', '0300']) expect(re.test(text), text).toBe(false);
    }
  });
});
