import { describe, expect, it } from 'vitest';
import { analyzeJsonNativeFormat } from './json-native-format.js';
import { analyzeTaggedFormat } from './tagged-call-format.js';
import { contextOf, draftWith } from './test-support/context.js';
import { CALL_ID_TEMPLATE, JSON_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';
import { analyzeToolCallFormat } from './tool-call-format.js';
import { emptyToolsDraft } from './tools-draft.js';

const NO_REASONING = { mode: 'NONE', start: '', end: '' } as const;
const ROLES_FOR_TEST = `{%- for m in messages -%}<|im_start|>{{ m.role }}\n`;

describe('analyzeToolCallFormat (T1)', () => {
  it('classifies tagged names with tagged arguments (one call: its wrapper reads as a section)', () => {
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(TAGGED_TEMPLATE), tools, NO_REASONING, false);
    expect(tools.format).toMatchObject({ mode: 'TAG_WITH_TAGGED', section_start: '<tool_call>\n', section_end: '</tool_call>' });
  });

  it('classifies a tagged name with JSON arguments', () => {
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(CALL_ID_TEMPLATE), tools, NO_REASONING, false);
    expect(tools.format.mode).toBe('TAG_WITH_JSON');
  });

  it('classifies JSON-native calls and splits a repeated section marker per call', () => {
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(JSON_TEMPLATE), tools, NO_REASONING, true);
    expect(tools.format).toMatchObject({
      mode: 'JSON_NATIVE',
      section_start: '',
      per_call_start: '<tool_call>\n',
      per_call_end: '</tool_call>',
      parameter_order: ['name', 'arguments'],
    });
  });
});

describe('analyzeJsonNativeFormat', () => {
  it('maps fields by value and detects array wrapping', () => {
    const tools = draftWith('JSON_NATIVE');
    analyzeJsonNativeFormat(
      '[TOOL_CALLS][{"name": "FFF_FIRST_FUN_F", "arguments": {"AA_ARG_FST_AA": "XXXX"}, "id": "call00001"}]',
      tools,
    );
    expect(tools.format).toMatchObject({
      section_start: '[TOOL_CALLS]',
      section_end: '',
      tools_array_wrapped: true,
      name_field: 'name',
      args_field: 'arguments',
      id_field: 'id',
      parameter_order: ['name', 'arguments', 'id'],
    });
  });

  it('recognises the function name as key and generated ids', () => {
    const tools = draftWith('JSON_NATIVE');
    analyzeJsonNativeFormat('{"FFF_FIRST_FUN_F": {"AA_ARG_FST_AA": "XXXX"}}', tools);
    expect(tools.format).toMatchObject({ fun_name_is_key: true, name_field: '', args_field: '' });
    const generated = draftWith('JSON_NATIVE');
    analyzeJsonNativeFormat('{"tool_call_id": "0", "tool_name": "FFF_FIRST_FUN_F", "parameters": {"AA_ARG_FST_AA": 1}}', generated);
    expect(generated.format).toMatchObject({ gen_id_field: 'tool_call_id', name_field: 'tool_name', args_field: 'parameters' });
  });

  it('throws on a section without JSON', () => {
    expect(() => analyzeJsonNativeFormat('<call>FFF_FIRST_FUN_F</call>', draftWith('JSON_NATIVE'))).toThrow();
  });
});

describe('analyzeTaggedFormat', () => {
  it('reads section and call markers around the function tag', () => {
    const tools = draftWith('TAG_WITH_TAGGED');
    analyzeTaggedFormat('<calls>\n<call>\n<fn=FFF_FIRST_FUN_F>\n<arg=x>1</arg>\n</fn>\n</call>\n</calls>', tools);
    expect(tools.format).toMatchObject({
      section_start: '<calls>\n',
      per_call_start: '<call>\n',
      per_call_end: '</call>\n',
      section_end: '</calls>',
    });
    expect(tools.function.name_prefix).toBe('<fn=');
  });
});

describe('T1: what a template writes around its calls', () => {
  it('drops the turn opener both turns write when whitespace keeps the diff from aligning it', () => {
    // Without whitespace control the content turn writes `\n  </think>`, the call turn `</think>`.
    const source =
      `{%- for m in messages -%}{%- if m.role == 'user' %}<|User|>{{ m.content }}{%- elif m.tool_calls %}<|Assistant|></think>` +
      `{% for tc in m.tool_calls %}<|calls|><|call|>{{ tc.function.name }}<|sep|>{{ tc.function.arguments | tojson }}<|call_end|>{% endfor %}<|calls_end|>` +
      `{%- else %}<|Assistant|>\n  </think>\n  {{ m.content }}{% endif -%}{%- endfor -%}`;
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(source), tools, NO_REASONING, false);
    expect(tools.format).toMatchObject({ mode: 'TAG_WITH_JSON', section_start: '<|calls|>', per_call_start: '<|call|>', section_end: '<|calls_end|>' });
  });

  it('reads JSON calls whose arguments the template writes as a Python dict', () => {
    const source =
      ROLES_FOR_TEST +
      `{%- if m.tool_calls %}{% for tc in m.tool_calls %}<tool_call>\n{"name": "{{ tc.function.name }}", "arguments": {{ tc.function.arguments }}}\n</tool_call>{% endfor %}{% else %}{{ m.content }}{% endif -%}` +
      `<|im_end|>\n{%- endfor -%}`;
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(source), tools, NO_REASONING, true);
    expect(tools.format).toMatchObject({ mode: 'JSON_NATIVE', per_call_start: '<tool_call>\n', name_field: 'name', args_field: 'arguments' });
  });

  it.each([
    ['a newline', '{{ "\\n" }}', '\n'],
    ['nothing', '', ''],
    ['a comma', ', ', ', '],
  ])('learns the separator between two marker-less JSON calls: %s', (_label, written, learned) => {
    const source =
      ROLES_FOR_TEST +
      `{%- if m.tool_calls %}{% for tc in m.tool_calls %}{% if not loop.first %}${written}{% endif %}` +
      `{"name": "{{ tc.function.name }}", "arguments": {{ tc.function.arguments | tojson }}}{% endfor %}{% else %}{{ m.content }}{% endif -%}` +
      `<|im_end|>\n{%- endfor -%}`;
    const tools = emptyToolsDraft();
    analyzeToolCallFormat(contextOf(source), tools, NO_REASONING, true);
    expect(tools.format.call_separator).toBe(learned);
  });
});
