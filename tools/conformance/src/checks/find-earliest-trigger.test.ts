import { describe, expect, it } from 'vitest';
import type { GrammarTrigger } from '../chat-case-types.js';
import { findEarliestTrigger, type TriggerSearch } from './find-earliest-trigger.js';

const search = (triggers: GrammarTrigger[], fields: Partial<TriggerSearch> = {}): TriggerSearch => ({
  triggers,
  grammarLazy: true,
  thinkingStartTag: '',
  thinkingEndTag: '',
  generationPromptLength: 0,
  expectsToolCalls: true,
  ...fields,
});
const word = (value: string): GrammarTrigger => ({ type: 'word', value });

describe('findEarliestTrigger', () => {
  it('finds the earliest of several words and tokens, or nothing', () => {
    const text = 'Hello <tool_call>{"name": "f"}</tool_call> [TOOL_CALLS]';
    expect(findEarliestTrigger(text, search([{ type: 'token', value: '[TOOL_CALLS]' }, word('<tool_call>')]))).toBe(6);
    expect(findEarliestTrigger(text, search([{ type: 'token', value: '[TOOL_CALLS]' }]))).toBe(text.indexOf('[TOOL_CALLS]'));
    expect(findEarliestTrigger(text, search([word('<function=')]))).toBeUndefined();
    expect(findEarliestTrigger(text, search([]))).toBeUndefined();
  });

  it('skips words inside reasoning when all triggers are words and the grammar is lazy', () => {
    const text = '<think>maybe <tool_call> here</think>\nnow <tool_call>';
    const tags = { thinkingStartTag: '<think>', thinkingEndTag: '</think>' };
    expect(findEarliestTrigger(text, search([word('<tool_call>')], tags))).toBe(text.lastIndexOf('<tool_call>'));
    // The generation prompt may open the block: the walk covers the whole text.
    const opened = '<|im_start|>assistant\n<think>\nI could call <tool_call></think>';
    expect(findEarliestTrigger(opened, search([word('<tool_call>')], { ...tags, expectsToolCalls: false }))).toBeUndefined();
    // A non-lazy grammar, or a non-word trigger, searches plainly.
    expect(findEarliestTrigger(text, search([word('<tool_call>')], { ...tags, grammarLazy: false }))).toBe(13);
    expect(findEarliestTrigger(text, search([word('<tool_call>'), { type: 'pattern', value: 'zzz' }], tags))).toBe(13);
  });

  it('falls back to the plain search when calls are expected but only found inside reasoning', () => {
    const text = '<think>calls <|tool_call_begin|> inside</think>';
    const fields = { thinkingStartTag: '<think>', thinkingEndTag: '</think>' };
    expect(findEarliestTrigger(text, search([word('<|tool_call_begin|>')], { ...fields, expectsToolCalls: true }))).toBe(13);
    expect(findEarliestTrigger(text, search([word('<|tool_call_begin|>')], { ...fields, expectsToolCalls: false }))).toBeUndefined();
  });

  it('places a pattern at its last capture group, or at the match without groups', () => {
    const text = '<|start|>assistant<|channel|>commentary to=functions.f';
    expect(findEarliestTrigger(text, search([{ type: 'pattern', value: '<\\|start\\|>assistant(<\\|channel\\|>(?:commentary|analysis)\\s+to)' }]))).toBe(18);
    expect(findEarliestTrigger(text, search([{ type: 'pattern', value: '(<\\|start\\|>)assistant(<\\|channel\\|>)' }]))).toBe(18);
    expect(findEarliestTrigger('x >>>f', search([{ type: 'pattern', value: '>>>(?!all)' }]))).toBe(2);
    expect(findEarliestTrigger('x >>>all', search([{ type: 'pattern', value: '>>>(?!all)' }]))).toBeUndefined();
    // A last group that took no part sits at the end of the text (libstdc++).
    expect(findEarliestTrigger('ab', search([{ type: 'pattern', value: 'a(x)?' }]))).toBe(2);
    expect(() => findEarliestTrigger('ab', search([{ type: 'pattern', value: '(' }]))).toThrow(SyntaxError);
  });

  it('matches pattern_full on the shortest growing prefix, at its first non-empty group', () => {
    const prompt = '<|im_start|>assistant\n';
    const text = `${prompt}Let me check.<tool_call>{"name": "f"}</tool_call>`;
    const full = { type: 'pattern_full', value: '[\\s\\S]*?(<tool_call>)[\\s\\S]*' } as const;
    expect(findEarliestTrigger(text, search([full], { generationPromptLength: prompt.length }))).toBe(text.indexOf('<tool_call>'));
    // Empty groups are skipped; with none left the match itself (0) counts.
    expect(findEarliestTrigger('abc', search([{ type: 'pattern_full', value: '()a(b?)c' }]))).toBe(1);
    expect(findEarliestTrigger('ac', search([{ type: 'pattern_full', value: '()a(b?)c' }]))).toBe(0);
    // The first prefix tried is the generation prompt; anchors in the pattern are harmless.
    expect(findEarliestTrigger('abab', search([{ type: 'pattern_full', value: '^ab$' }], { generationPromptLength: 3 }))).toBeUndefined();
    expect(findEarliestTrigger('abab', search([{ type: 'pattern_full', value: '^ab$' }], { generationPromptLength: 2 }))).toBe(0);
  });

  it('never tries a pattern_full prefix that splits a surrogate pair', () => {
    // '\ud83d' alone would satisfy [^a]; the whole character comes first instead.
    expect(findEarliestTrigger('x😀', search([{ type: 'pattern_full', value: 'x([\\s\\S])' }]))).toBeUndefined();
    expect(findEarliestTrigger('x😀', search([{ type: 'pattern_full', value: 'x([\\s\\S]+)' }]))).toBe(1);
  });
});
