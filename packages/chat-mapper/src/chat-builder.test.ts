import { dump, parse, type ParserLike } from '@autoparser/peg-core';
import type { RecoveryRuleId } from '@autoparser/types';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import { CHAT_TAG_TABLE, CHAT_TAGS, chatTagInfo, chatTagsWhere } from './chat-tags.js';

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

  it('adds a recovery at a site only where the rule applies (orRecovered)', () => {
    const reads = (p: ChatBuilder, text: string): boolean => parse(p.build(p.sequence(p.orRecovered('[ARGS]', 'missing-arguments-marker', p.peek('{')), '{}', p.end())), text).status === 'success';
    const lenient = (): ChatBuilder => new ChatBuilder({ lenient: true });
    expect(reads(lenient(), '[ARGS]{}')).toBe(true);
    expect(reads(lenient(), '{}')).toBe(true);
    // Strict, or with the rule disabled: the canonical piece alone.
    expect(reads(new ChatBuilder(), '{}')).toBe(false);
    expect(reads(new ChatBuilder({ lenient: true, disabledRecoveries: ['missing-arguments-marker'] }), '{}')).toBe(false);
    expect(reads(new ChatBuilder(), '[ARGS]{}')).toBe(true);
  });

  it('gives a site with its rule disabled the canonical piece, as strict does', () => {
    const reads = (p: ChatBuilder, site: (p: ChatBuilder) => ParserLike, text: string): boolean => parse(p.build(p.sequence(site(p), p.end())), text).status === 'success';
    const off = (rule: RecoveryRuleId): ChatBuilder => new ChatBuilder({ lenient: true, disabledRecoveries: [rule] });
    const marker = (p: ChatBuilder): ParserLike => p.sites.marker('</tool_call>');
    expect(reads(new ChatBuilder({ lenient: true }), marker, '\n</tool_call>')).toBe(true);
    expect(reads(off('marker-whitespace'), marker, '\n</tool_call>')).toBe(false);
    const closer = (p: ChatBuilder): ParserLike => p.sequence(p.sites.closer('</p>', ['<next>']), '<next>');
    expect(reads(new ChatBuilder({ lenient: true }), closer, '<next>')).toBe(true);
    expect(reads(off('missing-closer'), closer, '<next>')).toBe(false);
    const repeated = (p: ChatBuilder): ParserLike => p.sequence(p.sites.repeatedStart('<think>', '</think>'), 'x');
    expect(reads(new ChatBuilder({ lenient: true }), repeated, '<think>x')).toBe(true);
    expect(reads(off('reasoning-start-repeated'), repeated, '<think>x')).toBe(false);
  });

  it('shares a named rule', () => {
    const p = new ChatBuilder();
    expect(p.sharedRule('x', () => 'a').id).toBe(p.sharedRule('x', () => 'b').id);
  });
});

describe('CHAT_TAG_TABLE', () => {
  it('describes every chat tag once, and its sets are the ones the mapper and cut reads use', () => {
    expect(Object.keys(CHAT_TAG_TABLE).sort()).toEqual(Object.values(CHAT_TAGS).sort());
    // A value that streams holds text; text fields are content and reasoning only.
    for (const info of Object.values(CHAT_TAG_TABLE)) if (info.streams) expect(info.holdsText).toBe(true);
    expect([...chatTagsWhere((t) => t.kind === 'text')].sort()).toEqual([CHAT_TAGS.content, CHAT_TAGS.reasoning].sort());
    expect(chatTagsWhere((t) => t.holdsText && !t.streams)).toEqual(new Set([CHAT_TAGS.toolId, CHAT_TAGS.toolName, CHAT_TAGS.toolArgName, CHAT_TAGS.toolKwargName]));
    expect(chatTagInfo('recover:missing-closer')).toBeUndefined();
    expect(chatTagInfo('toString')).toBeUndefined();
    expect(chatTagInfo(CHAT_TAGS.toolCode)).toMatchObject({ kind: 'code', field: 'call' });
  });
});
