import { describe, expect, it } from 'vitest';
import { analyzeContent } from './content-analysis.js';
import { contextOf } from './test-support/context.js';
import { PLAIN_TEMPLATE, TAGGED_TEMPLATE, WRAPPED_TEMPLATE } from './test-support/templates.js';

const NO_REASONING = { mode: 'NONE', start: '', end: '' } as const;

describe('analyzeContent (C1)', () => {
  it('finds plain content', () => {
    expect(analyzeContent(contextOf(PLAIN_TEMPLATE), NO_REASONING).mode).toBe('PLAIN');
  });

  it('finds content after the reasoning end marker plain', () => {
    const reasoning = { mode: 'TAG_BASED', start: '<think>', end: '</think>\n' } as const;
    expect(analyzeContent(contextOf(TAGGED_TEMPLATE), reasoning).mode).toBe('PLAIN');
  });

  it('reads the markers of wrapped content', () => {
    expect(analyzeContent(contextOf(WRAPPED_TEMPLATE), NO_REASONING)).toEqual({
      mode: 'ALWAYS_WRAPPED',
      start: '<answer>',
      end: '</answer>',
      requires_nonnull_content: false,
    });
  });
});
