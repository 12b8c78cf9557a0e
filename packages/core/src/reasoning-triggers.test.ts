import { describe, expect, it } from 'vitest';
import { createChatParser } from './create-chat-parser.js';
import { chatRequest, functionTool, grammarVerdict } from './formats/format-test-support.js';
import { grammarStart } from './grammar-start.js';
import { outsideReasoningTriggers } from './reasoning-triggers.js';
import { sharedTemplate } from './test-templates.js';

const TOOLS = [functionTool('get_weather', { city: { type: 'string' } }, ['city'])];
const CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('lazy grammar triggers do not fire inside reasoning', () => {
  it('Qwen3: a marker in the reasoning block is thinking; after the block it starts the grammar', () => {
    const parser = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), chatRequest(TOOLS));
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers.map((t) => t.type)).toEqual(['pattern']);
    expect(grammarVerdict(parser, `<think>\nI could write ${CALL} here.\n</think>\n\nNo call.`)).toBe('never triggered');
    expect(grammarVerdict(parser, `<think>\nMaybe <tool_call>`)).toBe('never triggered');
    expect(grammarVerdict(parser, `<think>\nThe weather.\n</think>\n\n${CALL}`)).toBe('accepted');
    // Two blocks, a marker in each: only the call after the last one counts.
    expect(grammarVerdict(parser, `<think>a <tool_call></think>b<think>c <tool_call></think>${CALL}`)).toBe('accepted');
    // The grammar starts at the marker itself.
    const text = `${parser.generationPrompt}<think>x</think>${CALL}`;
    expect(grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length)).toBe(text.indexOf('<tool_call>'));
  });

  it('a generation prompt that opens the block: the output starts inside it', () => {
    const parser = createChatParser(sharedTemplate('Qwen-QwQ-32B'), chatRequest(TOOLS));
    expect(parser.generationPrompt.endsWith('<think>\n')).toBe(true);
    expect(grammarVerdict(parser, `Maybe ${CALL}? No.`)).toBe('never triggered');
    expect(grammarVerdict(parser, `The weather.\n</think>\n\n${CALL}`)).toBe('accepted');
  });

  it('is found when searched as the text grows (an anchored pattern reads from the start)', () => {
    const parser = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), chatRequest(TOOLS));
    const text = `${parser.generationPrompt}<think>${'long thought. '.repeat(400)}</think>${CALL}`;
    const from = parser.generationPrompt.length;
    const before = text.indexOf('<tool_call>');
    expect(grammarStart(text.slice(0, before + 3), parser.grammarTriggers, from, before - 1)).toBeUndefined();
    expect(grammarStart(text, parser.grammarTriggers, from, before + 3)).toBe(before);
  });

  it('keeps word triggers where the format has no reasoning, or reads a call as ending it (Kimi K2)', () => {
    const hermes = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), chatRequest(TOOLS));
    expect(hermes.thinkingEndTag).toBe('');
    expect(hermes.grammarTriggers).toEqual([{ type: 'word', value: '<tool_call>\n' }]);
    const kimi = createChatParser(sharedTemplate('Kimi-K2-Thinking'), chatRequest(TOOLS));
    expect(kimi.grammarTriggers).toEqual([{ type: 'word', value: '<|tool_call_begin|>' }]);
  });

  it('leaves pattern triggers and tag-less formats alone', () => {
    const pattern = [{ type: 'pattern' as const, value: '>>>(?!all)' }];
    expect(outsideReasoningTriggers(pattern, '<think>', '</think>', '')).toEqual(pattern);
    const word = [{ type: 'word' as const, value: '<tool_call>' }];
    expect(outsideReasoningTriggers(word, '', '', '')).toEqual(word);
    expect(outsideReasoningTriggers([{ type: 'word', value: '</think>' }], '<think>', '</think>', '')).toEqual([{ type: 'word', value: '</think>' }]);
  });
});
