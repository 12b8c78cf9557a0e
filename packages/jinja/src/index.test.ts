// Exercises the rendering API only through the package entry point.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RENDER_LIMITS,
  generationPrompt,
  renderPrompt,
  renderTemplate,
  TemplateRenderError,
  type RenderParams,
} from './index.js';

const CHATML =
  "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}" +
  "{% if add_generation_prompt %}<|im_start|>assistant\n{% if enable_thinking %}<think>\n{% endif %}{% endif %}";

const params: RenderParams = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hi' },
  ],
  now: '2026-11-21T00:00:00Z',
};

describe('the rendering entry points', () => {
  it('render a prompt with the generation prompt by default', () => {
    expect(renderTemplate(CHATML, params)).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n',
    );
    expect(renderTemplate(CHATML, { ...params, add_generation_prompt: false }).endsWith('Hi<|im_end|>\n')).toBe(true);
  });

  it('pass enable_thinking and extra kwargs to the template', () => {
    expect(generationPrompt(CHATML, { ...params, enable_thinking: false })).toBe('<|im_start|>assistant\n');
    expect(renderTemplate('{{ greeting }} {{ bos_token }}', { ...params, bos_token: '<s>', chat_template_kwargs: { greeting: 'hey' } })).toBe(
      'hey <s>',
    );
  });

  it('find the generation prompt whatever add_generation_prompt says', () => {
    const off = renderPrompt(CHATML, { ...params, add_generation_prompt: false });
    expect(off.generationPrompt).toBe('<|im_start|>assistant\n<think>\n');
    expect(off.prompt.endsWith(off.generationPrompt)).toBe(false);
  });

  it('continue a prefilled assistant message', () => {
    const prefilled = renderPrompt(CHATML, {
      ...params,
      messages: [...params.messages, { role: 'assistant', content: 'Sure, ' }],
      continue_final_message: 'auto',
    });
    expect(prefilled.generationPrompt).toBe('<|im_start|>assistant\nSure, ');
  });

  it('leave tools undefined unless some are given', () => {
    const template = '{{ tools is defined }}{% for t in tools or [] %} {{ t.function.name }}:{{ t.function.description }}{% endfor %}';
    expect(renderTemplate(template, { ...params, tools: null })).toBe('False');
    expect(renderTemplate(template, { ...params, tools: [] })).toBe('False');
    expect(renderTemplate(template, { ...params, tools: [{ type: 'function', function: { name: 'f' } }] })).toBe('True f:');
  });

  it('throw typed errors, with limits that can be tightened', () => {
    let caught: unknown;
    try {
      renderTemplate('{% for i in range(1000) %}{{ i }}{% endfor %}', params, { limits: { maxSteps: 100 } });
    } catch (error) {
      caught = error;
    }
    expect(TemplateRenderError.isInstance(caught) && caught.code).toBe('limit');
    expect(DEFAULT_RENDER_LIMITS.maxOutputLength).toBe(1 << 20);
  });
});
