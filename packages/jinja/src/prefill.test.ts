import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { renderPrompt } from './render-prompt.js';
import { renderTemplate } from './render-template.js';
import { thrown } from './test-support/engine.js';

// A ChatML template that trims content, renders reasoning natively and ends turns.
const NATIVE =
  "{% for m in messages %}<|im_start|>{{ m.role }}\n" +
  "{% if m.reasoning_content %}<think>\n{{ m.reasoning_content | trim }}\n</think>\n\n{% endif %}" +
  "{{ m.content | trim }}<|im_end|>\n{% endfor %}" +
  "{% if add_generation_prompt %}<|im_start|>assistant\n<think>\n{% endif %}";

// The same without reasoning: the prefilled reasoning must be written between <think> tags.
const NO_REASONING =
  "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content.split('</think>')[-1] }}<|im_end|>\n{% endfor %}" +
  "{% if add_generation_prompt %}<|im_start|>assistant\n<think>\n{% endif %}";

const user = { role: 'user', content: 'Hi' };

describe('continue_final_message', () => {
  it('cuts where the prefilled content ends, keeping whitespace the template would trim', () => {
    const params = {
      messages: [user, { role: 'assistant', content: 'Hello, ', reasoning_content: 'I think' }],
      continue_final_message: 'content' as const,
    };
    expect(renderPrompt(NATIVE, params)).toEqual({
      prompt: '<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\nI think\n</think>\n\nHello, ',
      generationPrompt: '<|im_start|>assistant\n<think>\nI think\n</think>\n\nHello, ',
    });
  });

  it('cuts where the reasoning ends when continuing the reasoning', () => {
    const params = {
      messages: [user, { role: 'assistant', content: '', reasoning_content: 'I' }],
      continue_final_message: 'reasoning' as const,
    };
    expect(renderTemplate(NATIVE, params)).toBe('<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\nI');
  });

  it('picks content or reasoning in auto mode, and nothing without a final assistant turn', () => {
    const withContent = { messages: [user, { role: 'assistant', content: 'Yes' }], continue_final_message: 'auto' as const };
    expect(renderTemplate(NATIVE, withContent).endsWith('<|im_start|>assistant\nYes')).toBe(true);
    const onlyReasoning = { messages: [user, { role: 'assistant', reasoning_content: 'Hm' }], continue_final_message: 'auto' as const };
    expect(renderTemplate(NATIVE, onlyReasoning).endsWith('<think>\nHm')).toBe(true);
    const noAssistant = { messages: [user], continue_final_message: 'auto' as const, add_generation_prompt: false };
    expect(renderTemplate(NATIVE, noAssistant)).toBe('<|im_start|>user\nHi<|im_end|>\n');
  });

  it('writes reasoning the template drops between the reasoning tags, after the generation prompt', () => {
    const content = { messages: [user, { role: 'assistant', content: 'Hello', reasoning_content: 'Hmm' }], continue_final_message: 'content' as const };
    expect(renderTemplate(NO_REASONING, content)).toBe('<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>Hmm</think>Hello');
    const reasoning = { ...content, continue_final_message: 'reasoning' as const };
    expect(renderTemplate(NO_REASONING, reasoning)).toBe('<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>Hmm');
    expect(renderTemplate(NO_REASONING, content, { reasoningTags: { start: '<r>', end: '</r>' } })).toBe(
      '<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n<r>Hmm</r>Hello',
    );
  });

  it('drops reasoning when the template has no reasoning tags at all', () => {
    const template = '{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}{% if add_generation_prompt %}[assistant]{% endif %}';
    const params = { messages: [user, { role: 'assistant', content: 'Yo', reasoning_content: 'Hmm' }], continue_final_message: 'content' as const };
    expect(renderPrompt(template, params)).toEqual({ prompt: '[user]Hi[assistant]Yo', generationPrompt: '[assistant]Yo' });
  });

  it('places the turn after text the template writes behind the conversation', () => {
    const template =
      '{% for m in messages %}<|T|><|{{ m.role }}|>{{ m.content }}<|E|>{% endfor %}<|T|><|system|>Be brief<|E|>' +
      '{% if add_generation_prompt %}<|T|><|assistant|>{% endif %}';
    const params = { messages: [user, { role: 'assistant', content: 'Sure' }], continue_final_message: 'content' as const };
    expect(renderPrompt(template, params)).toEqual({
      prompt: '<|T|><|user|>Hi<|E|><|T|><|system|>Be brief<|E|><|T|><|assistant|>Sure',
      generationPrompt: '<|T|><|assistant|>Sure',
    });
  });

  it('fails with a prefill error when the template does not show the continued text', () => {
    const template = '{% for m in messages if m.role == "user" %}{{ m.content }}{% endfor %}';
    const error = thrown(() =>
      renderTemplate(template, { messages: [user, { role: 'assistant', content: 'x' }], continue_final_message: 'content' }),
    );
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('prefill');
  });

  it('needs a final assistant message when asked explicitly', () => {
    const error = thrown(() => renderTemplate(NATIVE, { messages: [user], continue_final_message: 'content' }));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('invalid-params');
  });
});
