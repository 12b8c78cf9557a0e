import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from './analyze-template.js';
import { analyzeReasoning } from './reasoning-analysis.js';
import { contextOf } from './test-support/context.js';
import { PLAIN_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');

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

  it('R2 reads the end marker of an empty block that thinking off adds, whitespace after it', () => {
    // EXAONE 4: `<think>\n\n</think>\n\n` with thinking off, `<think>\n` with it on.
    expect(analyzeReasoning(contextOf(zoo('exaone/exaone4-chat_template.jinja')), true)).toMatchObject({ mode: 'TAG_BASED', start: '<think>' });
    const template = PLAIN_TEMPLATE.replace(
      '<|im_start|>assistant\n{% endif -%}',
      '<|im_start|>assistant\n{% if not enable_thinking %}<r>\n\n</r>\n{% endif %}{% endif -%}',
    );
    expect(analyzeReasoning(contextOf(template), false)).toEqual({ mode: 'TAG_BASED', start: '<r>', end: '</r>\n' });
  });

  it('R1 reads reasoning written as a turn of its own, opened by a header suffix', () => {
    // HyperCLOVA X THINK: `<|im_start|>assistant/think\n…<|im_end|>\n<|im_start|>assistant\n…`.
    const source = zoo('hyperclovax/vllm-tool_chat_template_hyperclovax_seed_think_14b.jinja');
    expect(analyzeReasoning(contextOf(source), true)).toEqual({ mode: 'TAG_BASED', start: '/think', end: '<|im_end|>\n<|im_start|>assistant' });
  });
});

describe('R4: a block only the generation prompt opens', () => {
  it('is reasoning forced open, closed by the closing form of its tag', () => {
    for (const file of ['olmo/open-instruct-olmo-thinker.jinja', 'olmo/trl-olmo3.jinja']) {
      const analysis = analyzeTemplate(zoo(file), { cache: false });
      expect(analysis.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
      expect(analysis.preserved_tokens.slice(-2)).toEqual(['<think>', '</think>']);
    }
  });

  it('takes any spelling of the tag, and nothing a finished turn shows too', () => {
    const opening = (prompt: string, turn: string): string =>
      `{% for m in messages %}<|{{ m.role }}|>${turn}{{ m.content }}<|end|>{% endfor %}{% if add_generation_prompt %}<|assistant|>${prompt}{% endif %}`;
    expect(analyzeTemplate(opening('<seed:think>', ''), { cache: false }).reasoning).toEqual({ mode: 'TAG_BASED', start: '<seed:think>', end: '</seed:think>' });
    expect(analyzeTemplate(opening('<answer>', '<answer>'), { cache: false }).reasoning.mode).toBe('NONE');
    expect(analyzeTemplate(opening('<|channel|>', ''), { cache: false }).reasoning.mode).toBe('NONE');
  });
});
