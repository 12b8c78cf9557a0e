import { describe, expect, it } from 'vitest';
import { baselineOf, compareWithBaseline, parseBaseline } from './ratchet.js';
import type { ZooTemplateResult } from './run-zoo.js';

const result = (id: string, clean: boolean, renderEqual: boolean | null, sha256 = 'h'): ZooTemplateResult => ({
  id,
  family: 'f',
  sha256,
  renders: true,
  renderEqual,
  renderDifferences: renderEqual === false ? ['plain: differs at 0'] : [],
  analysed: true,
  format: 'general',
  passed: 1,
  failed: clean ? 0 : 1,
  skipped: 0,
  clean,
  scenarios: clean ? [{ name: 'content', result: 'pass' }] : [{ name: 'tool call', result: 'fail', stage: 'parse', reason: 'content: expected ""' }],
  ms: 1,
});

describe('zoo ratchet', () => {
  const baseline = baselineOf([result('a', true, true), result('b', true, false), result('c', false, true)]);

  it('records clean and render-equal templates with their hashes', () => {
    expect(baseline).toEqual({ clean: { a: 'h', b: 'h' }, renderEqual: { a: 'h', c: 'h' } });
    expect(parseBaseline(JSON.stringify(baseline))).toEqual(baseline);
    expect(() => parseBaseline('{"clean": []}')).toThrow(/maps template ids/);
  });

  it('holds when nothing got worse, and lists what got better', () => {
    const verdict = compareWithBaseline(baseline, [result('a', true, true), result('b', true, true), result('c', false, true)]);
    expect(verdict).toEqual({ held: 4, regressions: [], improved: ['b'], changed: [] });
  });

  it('flags a template that lost clean or render equality, with the first failure', () => {
    const verdict = compareWithBaseline(baseline, [result('a', false, false), result('b', true, false)]);
    expect(verdict.regressions).toEqual([
      { id: 'a', lost: 'clean', reason: 'tool call: content: expected ""' },
      { id: 'a', lost: 'renderEqual', reason: 'plain: differs at 0' },
    ]);
    expect(verdict.held).toBe(1);
  });

  it('does not compare a template whose text changed, nor one outside the run', () => {
    const verdict = compareWithBaseline(baseline, [result('a', false, false, 'other')]);
    expect(verdict).toEqual({ held: 0, regressions: [], improved: [], changed: ['a'] });
  });

  it('cannot hold render equality without Jinja2', () => {
    expect(compareWithBaseline(baseline, [result('c', false, null)]).regressions).toEqual([{ id: 'c', lost: 'renderEqual', reason: 'Jinja2 could not run' }]);
  });
});
