import { describe, expect, it } from 'vitest';
import { arenaOf, both, parse } from './test-support/run.js';

describe('basic matchers', () => {
  it('eps matches nothing and always succeeds', () => {
    const a = arenaOf((p) => p.eps());
    expect(both(a, '')).toEqual({ full: ['success', 0], partial: ['success', 0] });
    expect(both(a, 'x').full).toEqual(['success', 0]);
  });

  it('start matches only at offset 0', () => {
    const a = arenaOf((p) => p.sequence(p.any(), p.start()));
    expect(parse(a, 'x').status).toBe('fail');
    expect(parse(arenaOf((p) => p.start()), 'x').status).toBe('success');
  });

  it('end matches at the end, and waits for more input in partial mode', () => {
    const a = arenaOf((p) => p.sequence('ab', p.end()));
    expect(both(a, 'ab')).toEqual({ full: ['success', 2], partial: ['need_more_input', 2] });
    expect(both(a, 'abc').full[0]).toBe('fail');
    expect(both(a, 'abc').partial[0]).toBe('fail');
  });

  it('literal matches exactly and needs more input when cut', () => {
    const a = arenaOf((p) => p.literal('<tool_call>'));
    expect(both(a, '<tool_call>x')).toEqual({ full: ['success', 11], partial: ['success', 11] });
    expect(both(a, '<tool_')).toEqual({ full: ['fail', 0], partial: ['need_more_input', 6] });
    expect(both(a, '')).toEqual({ full: ['fail', 0], partial: ['need_more_input', 0] });
    expect(both(a, '<tool_x').partial[0]).toBe('fail');
  });

  it('any matches one code point, astral ones whole', () => {
    const a = arenaOf((p) => p.any());
    expect(both(a, '😀').full).toEqual(['success', 2]);
    expect(both(a, 'é').full).toEqual(['success', 1]);
    expect(both(a, '')).toEqual({ full: ['fail', 0], partial: ['need_more_input', 0] });
    // Half of a surrogate pair at the end of a stream: the other half may follow.
    expect(both(a, '\ud83d').partial).toEqual(['need_more_input', 0]);
  });
});

describe('combinators', () => {
  it('sequence needs every part in order', () => {
    const a = arenaOf((p) => p.sequence('a', 'b', 'c'));
    expect(both(a, 'abc').full).toEqual(['success', 3]);
    expect(both(a, 'abx').full[0]).toBe('fail');
    expect(both(a, 'ab').partial).toEqual(['need_more_input', 2]);
  });

  it('choice takes the first alternative that matches', () => {
    const a = arenaOf((p) => p.choice('ab', 'a', 'abc'));
    expect(both(a, 'abc').full).toEqual(['success', 2]);
    expect(both(a, 'ac').full).toEqual(['success', 1]);
    expect(both(a, 'x').full[0]).toBe('fail');
    // Partial: the first alternative may still match.
    expect(both(a, 'a').partial).toEqual(['need_more_input', 1]);
  });

  it('zero_or_more, one_or_more and optional repeat greedily', () => {
    expect(both(arenaOf((p) => p.zeroOrMore('ab')), 'ababa').full).toEqual(['success', 4]);
    expect(both(arenaOf((p) => p.oneOrMore('ab')), 'x').full[0]).toBe('fail');
    expect(both(arenaOf((p) => p.oneOrMore('ab')), 'abab').full).toEqual(['success', 4]);
    expect(both(arenaOf((p) => p.optional('ab')), 'x').full).toEqual(['success', 0]);
    // At the end of a stream another repetition could still come.
    expect(both(arenaOf((p) => p.zeroOrMore('ab')), 'abab').partial).toEqual(['need_more_input', 4]);
    expect(both(arenaOf((p) => p.zeroOrMore('ab')), 'aba').partial).toEqual(['need_more_input', 3]);
  });

  it('repeat respects min and max', () => {
    const a = arenaOf((p) => p.repeat('a', 2, 3));
    expect(both(a, 'a').full[0]).toBe('fail');
    expect(both(a, 'aa').full).toEqual(['success', 2]);
    expect(both(a, 'aaaa').full).toEqual(['success', 3]);
    expect(both(a, 'aaaa').partial).toEqual(['success', 3]);
    expect(both(a, 'a').partial).toEqual(['need_more_input', 1]);
    expect(both(arenaOf((p) => p.repeat('a', 2)), 'aaa').full).toEqual(['success', 2]);
  });

  it('repeat stops on an empty match instead of looping', () => {
    expect(both(arenaOf((p) => p.zeroOrMore(p.optional('x'))), 'yy').full).toEqual(['success', 0]);
  });

  it('peek looks ahead without consuming', () => {
    const a = arenaOf((p) => p.sequence(p.peek('ab'), 'a'));
    expect(both(a, 'ab').full).toEqual(['success', 1]);
    expect(both(a, 'ac').full[0]).toBe('fail');
    expect(both(a, 'a').partial[0]).toBe('need_more_input');
  });

  it('negate succeeds where its parser fails', () => {
    const a = arenaOf((p) => p.sequence(p.negate('</'), p.any()));
    expect(both(a, 'ab').full).toEqual(['success', 1]);
    expect(both(a, '</').full[0]).toBe('fail');
    expect(both(a, '<').partial[0]).toBe('need_more_input');
    expect(both(a, '<').full).toEqual(['success', 1]);
  });
});

describe('chars', () => {
  it('matches code points of a class with ranges, negation and escapes', () => {
    expect(both(arenaOf((p) => p.chars('[a-z_]')), 'abc_D').full).toEqual(['success', 4]);
    expect(both(arenaOf((p) => p.chars('[^"\\\\]')), 'ab"c').full).toEqual(['success', 2]);
    expect(both(arenaOf((p) => p.chars('[\\n\\t ]', 0)), '\n\t x').full).toEqual(['success', 3]);
    expect(both(arenaOf((p) => p.chars('[\\x41-\\u0043]')), 'ABCD').full).toEqual(['success', 3]);
    expect(both(arenaOf((p) => p.chars('[\\]\\[]')), '][x').full).toEqual(['success', 2]);
  });

  it('honours min and max', () => {
    const a = arenaOf((p) => p.chars('[0-9]', 2, 3));
    expect(both(a, '1').full[0]).toBe('fail');
    expect(both(a, '12345').full).toEqual(['success', 3]);
    expect(both(a, '1').partial).toEqual(['need_more_input', 1]);
    expect(both(a, '1x').partial[0]).toBe('fail');
  });

  it('treats astral characters as single code points', () => {
    expect(both(arenaOf((p) => p.chars('[😀-😂]')), '😀😁😂😃').full).toEqual(['success', 6]);
    expect(both(arenaOf((p) => p.chars('[^a]', 1, 1)), '😀').full).toEqual(['success', 2]);
    expect(both(arenaOf((p) => p.chars('[^a]')), 'x\ud83d').partial).toEqual(['need_more_input', 1]);
  });
});

describe('space, until, rest', () => {
  it('space eats spaces, tabs and newlines only', () => {
    const a = arenaOf((p) => p.space());
    expect(both(a, ' \t\n\rx').full).toEqual(['success', 3]);
    expect(both(a, '  ').partial).toEqual(['need_more_input', 2]);
    expect(both(a, 'x').partial).toEqual(['success', 0]);
  });

  it('until stops before the delimiter, or runs to the end', () => {
    const a = arenaOf((p) => p.until('</think>'));
    expect(both(a, 'abc</think>d')).toEqual({ full: ['success', 3], partial: ['success', 3] });
    expect(both(a, 'abc')).toEqual({ full: ['success', 3], partial: ['need_more_input', 3] });
  });

  it('until in partial mode stops before a delimiter cut by the end of input', () => {
    const a = arenaOf((p) => p.until('</think>'));
    expect(both(a, 'abc</thi')).toEqual({ full: ['success', 8], partial: ['need_more_input', 3] });
    expect(both(a, 'abc<')).toEqual({ full: ['success', 4], partial: ['need_more_input', 3] });
  });

  it('until_one_of stops at the earliest delimiter', () => {
    const a = arenaOf((p) => p.untilOneOf(['<tool_call>', '<function=']));
    expect(both(a, 'x<function=f><tool_call>').full).toEqual(['success', 1]);
    expect(both(a, 'xy<tool_call><function=').full).toEqual(['success', 2]);
  });

  it('until in partial mode waits when a longer delimiter may start before a found one', () => {
    const a = arenaOf((p) => p.untilOneOf(['b', 'abc']));
    expect(both(a, 'xab').partial).toEqual(['need_more_input', 1]);
    expect(both(a, 'xabd').partial).toEqual(['success', 2]);
  });

  it('rest takes everything left', () => {
    expect(both(arenaOf((p) => p.sequence('a', p.rest())), 'abc')).toEqual({
      full: ['success', 3],
      partial: ['need_more_input', 3],
    });
  });
});

describe('rules and refs', () => {
  it('supports recursive rules through refs', () => {
    const a = arenaOf((p) => {
      const nested = p.rule('nested', p.choice(p.sequence('(', p.ref('nested'), ')'), 'x'));
      return p.sequence(nested, p.end());
    });
    expect(both(a, '((x))').full).toEqual(['success', 5]);
    expect(both(a, '((x)').full[0]).toBe('fail');
    expect(both(a, '((x)').partial).toEqual(['need_more_input', 4]);
  });

  it('fails left recursion instead of looping', () => {
    const a = arenaOf((p) => p.rule('left', p.choice(p.sequence(p.ref('left'), 'a'), 'b')));
    expect(parse(a, 'baa').status).toBe('success');
  });

  it('starts from a named rule on request', () => {
    const a = arenaOf((p) => {
      p.rule('digits', p.chars('[0-9]'));
      return p.literal('x');
    });
    expect(parse(a, '42', { rule: 'digits' })).toMatchObject({ status: 'success', end: 2 });
  });

  it('an unfinished atomic rule shows none of its many nodes; finished, all of them', () => {
    const a = arenaOf((p) => p.sequence(p.rule('items', p.zeroOrMore(p.tag('item', p.literal('ab')))).atomic(), p.end()));
    const text = 'ab'.repeat(100);
    expect(parse(a, `${text}a`, { partial: true })).toMatchObject({ status: 'need_more_input', nodes: [] });
    const done = parse(a, text);
    expect(done.status).toBe('success');
    expect(done.nodes).toHaveLength(100);
  });

  it('trigger rules and schemas parse as their child', () => {
    const a = arenaOf((p) => p.triggerRule('call', p.schema(p.json(), 'args', { type: 'object' })));
    expect(both(a, '{"a": 1}').full).toEqual(['success', 8]);
  });
});
