import { dump, parse } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';

describe('ChatBuilder', () => {
  it('makes marker whitespace optional', () => {
    const p = new ChatBuilder();
    const arena = p.build(p.sequence(p.optspace('\n</think>\n\n'), p.end()));
    for (const text of ['</think>', '\n</think>\n', '\n</think>\n\n']) expect(parse(arena, text).status).toBe('success');
  });

  it('takes the generation prompt up to the reasoning start', () => {
    const p = new ChatBuilder();
    expect(dump(p.build(p.generationPrefix('<|assistant|>\n<think>\n', '<think>')))).toContain('<|assistant|>');
    expect(dump(p.build(p.generationPrefix('', '<think>')))).toContain('Epsilon');
  });

  it('shares a named rule', () => {
    const p = new ChatBuilder();
    expect(p.sharedRule('x', () => 'a').id).toBe(p.sharedRule('x', () => 'b').id);
  });
});
