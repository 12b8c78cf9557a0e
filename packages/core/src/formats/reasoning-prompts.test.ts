import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { sharedTemplate } from '../test-templates.js';

const ask = { messages: [{ role: 'user' as const, content: 'Hi' }], reasoning_format: 'deepseek' as const };

describe('reasoning opened by the prompt', () => {
  it("leaves the generation prompt's preamble out of the reasoning (Apriel 1.6)", () => {
    const parser = createChatParser(sharedTemplate('Apriel-1.6-15b-Thinker-fixed'), ask);
    expect(parser.generationPrompt.endsWith('Here are my reasoning steps:\n')).toBe(true);
    expect(parser.parse('The user says hi.\n[BEGIN FINAL RESPONSE]\nHello!')).toEqual({
      role: 'assistant',
      content: 'Hello!',
      reasoning_content: 'The user says hi.',
    });
  });

  it('sees reasoning opened by a prompt the template always writes (RWKV World)', () => {
    const parser = createChatParser(sharedTemplate('llama-cpp-rwkv-world'), ask);
    // The template opens the turn with or without add_generation_prompt, so the rendered
    // generation prompt is empty; the parser still starts at the open tag.
    expect(parser.prompt.endsWith('Assistant: <think>')).toBe(true);
    expect(parser.generationPrompt).toBe('<think>');
    expect(parser.parse('The user says hi.\n</think>Hello!')).toEqual({ role: 'assistant', content: 'Hello!', reasoning_content: 'The user says hi.' });
  });

  it('leaves a prompt that closes its reasoning alone (enable_thinking false)', () => {
    const parser = createChatParser(sharedTemplate('llama-cpp-rwkv-world'), { ...ask, enable_thinking: false });
    expect(parser.generationPrompt).toBe('');
    expect(parser.parse('Hello!')).toEqual({ role: 'assistant', content: 'Hello!' });
  });
});
