import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from './analyze-template.js';
import { TAGGED_TEMPLATE } from './test-support/templates.js';

/**
 * A zoo template. vLLM's Gemma 3 pythonic one, as published, renders `f(a="x"b="y")` in
 * Python's Jinja2 (its `set first = false` does not outlive a loop pass): taken here with
 * that separator fixed (`loop.first`), what it means to write.
 */
const zoo = (path: string): string => {
  const source = readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');
  return path.includes('gemma3_pythonic') ? source.replace('{%- if not first %}, {% endif -%}', '{%- if not loop.first %}, {% endif -%}') : source;
};

describe('detectPythonicCalls (phase P)', () => {
  it.each([
    ['llama/vllm-tool_chat_template_llama3.2_pythonic.jinja', { strings: 'bare', escaped: false }],
    ['toolace/vllm-tool_chat_template_toolace.jinja', { strings: 'bare', escaped: false }],
    ['llama/vllm-tool_chat_template_llama4_pythonic.jinja', { strings: 'double', escaped: false }],
    ['llama/sglang-tool_chat_template_llama4_pythonic.jinja', { strings: 'double', escaped: false }],
    ['gemma/vllm-tool_chat_template_gemma3_pythonic.jinja', { strings: 'double', escaped: true }],
  ])('finds a pythonic call list in %s, with how it writes strings', (path, expected) => {
    const analysis = analyzeTemplate(zoo(path));
    expect(analysis.tools.pythonic).toEqual(expected);
    // The reference's reading of the call stays as it is.
    expect(analysis.tools.format.mode).toBe('TAG_WITH_TAGGED');
  });

  it('finds none in tagged calls that are not a Python list', () => {
    expect(analyzeTemplate(TAGGED_TEMPLATE).tools.pythonic).toBeUndefined();
  });

  it('finds single quotes, escaped, where the template prints Python reprs', () => {
    const source =
      `{%- for m in messages -%}<|im_start|>{{ m.role }}\n{{ m.content }}` +
      `{%- if m.tool_calls %}<calls>[{% for tc in m.tool_calls %}{{ tc.function.name }}(` +
      `{% for k, v in tc.function.arguments | items %}{{ k }}='{{ v | replace("'", "\\\\'") }}'{% if not loop.last %}, {% endif %}{% endfor %})` +
      `{% if not loop.last %}, {% endif %}{% endfor %}]</calls>{% endif %}<|im_end|>\n{%- endfor -%}`;
    const analysis = analyzeTemplate(source);
    expect(analysis.tools.format).toMatchObject({ section_start: '<calls>', section_end: '</calls>' });
    expect(analysis.tools.pythonic).toEqual({ strings: 'single', escaped: true });
  });
});
