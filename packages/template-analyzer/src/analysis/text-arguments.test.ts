import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from './analyze-template.js';
import { JSON_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');

describe('analyzeTextArguments (phase X)', () => {
  it('reads the calls again with JSON-text arguments where the template prints them as they come', () => {
    const analysis = analyzeTemplate(zoo('llama/vllm-tool_chat_template_llama3.1_usr_def_tool_call.jinja'));
    // The reference's reading of the Python dict it shows for object arguments stays.
    expect(analysis.tools.format.mode).toBe('TAG_WITH_TAGGED');
    expect(analysis.tools.text_arguments).toMatchObject({
      format: { mode: 'TAG_WITH_JSON', section_start: '', per_call_start: '' },
      function: { name_prefix: '<function=', name_suffix: '>', close: '</function>' },
      preserved_tokens: ['<function=', '>', '</function>'],
    });
  });

  it('leaves templates that format the arguments themselves alone', () => {
    for (const source of [JSON_TEMPLATE, TAGGED_TEMPLATE]) expect(analyzeTemplate(source).tools.text_arguments).toBeUndefined();
  });
});
