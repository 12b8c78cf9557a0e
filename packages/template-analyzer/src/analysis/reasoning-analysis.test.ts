import { describe, expect, it } from 'vitest';
import { analyzeReasoning } from './reasoning-analysis.js';
import { contextOf } from './test-support/context.js';
import { PLAIN_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('analyzeReasoning (R1–R3)', () => {
  it('R1 reads the markers around rendered reasoning_content', () => {
    expect(analyzeReasoning(contextOf(TAGGED_TEMPLATE), false)).toEqual({
      mode: 'TAG_BASED',
      start: '<think>',
      end: '</think>\n',
    });
  });

  it('R2 finds a start marker that only enable_thinking adds', () => {
    const template = PLAIN_TEMPLATE.replace(
      '<|im_start|>assistant\n{% endif -%}',
      '<|im_start|>assistant\n{% if enable_thinking %}<think>{% endif %}{% endif -%}',
    );
    expect(analyzeReasoning(contextOf(template), false)).toMatchObject({ mode: 'TAG_BASED', start: '<think>' });
  });

  it('R2 finds the end marker added when thinking is off, and the start before it', () => {
    const template = PLAIN_TEMPLATE.replace(
      '<|im_start|>assistant\n{% endif -%}',
      '<|im_start|>assistant\n<think>{% if not enable_thinking %}</think>{% endif %}{% endif -%}',
    );
    expect(analyzeReasoning(contextOf(template), false)).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
  });

  it('R3 detects reasoning shown only next to tool calls', () => {
    const template =
      "{%- for m in messages -%}<|im_start|>{{ m.role }}\n{% if m.tool_calls %}<think>{{ m.reasoning_content }}</think>" +
      '{% for tc in m.tool_calls %}<call>{{ tc.function.name }}</call>{% endfor %}{% endif %}{{ m.content }}<|im_end|>\n{% endfor %}';
    expect(analyzeReasoning(contextOf(template), true)).toEqual({ mode: 'TOOLS_ONLY', start: '<think>', end: '</think>' });
  });

  it('finds nothing in a template without reasoning', () => {
    expect(analyzeReasoning(contextOf(PLAIN_TEMPLATE), true)).toEqual({ mode: 'NONE', start: '', end: '' });
  });
});
