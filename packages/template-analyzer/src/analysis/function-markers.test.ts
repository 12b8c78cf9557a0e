import { describe, expect, it } from 'vitest';
import { extractArgumentContainer, extractArgumentSeparator } from './argument-layout.js';
import { extractArgumentNameMarkers, extractArgumentValueMarkers } from './argument-markers.js';
import { extractCallIdMarkers } from './call-id-markers.js';
import { extractFunctionMarkers } from './function-markers.js';
import { checkPerCallMarkers } from './per-call-markers.js';
import { contextOf, draftWith } from './test-support/context.js';
import { CALL_ID_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

function taggedDraft() {
  const tools = draftWith('TAG_WITH_TAGGED');
  tools.format.per_call_start = '<tool_call>\n';
  tools.format.per_call_end = '</tool_call>';
  return tools;
}

describe('checkPerCallMarkers (T2)', () => {
  it('moves a section marker that every call repeats to the calls', () => {
    const tools = draftWith('TAG_WITH_TAGGED');
    tools.format.section_start = '<tool_call>\n';
    tools.format.section_end = '</tool_call>';
    checkPerCallMarkers(contextOf(TAGGED_TEMPLATE), tools);
    expect(tools.format).toMatchObject({ section_start: '', per_call_start: '<tool_call>\n', per_call_end: '</tool_call>' });
  });
});

describe('extractFunctionMarkers (T3)', () => {
  it('reads the name prefix, suffix and closer', () => {
    const tools = taggedDraft();
    extractFunctionMarkers(contextOf(TAGGED_TEMPLATE), tools);
    expect(tools.function).toEqual({ name_prefix: '<function=', name_suffix: '>\n', close: '</function>\n' });
  });

  it('closes a call without end markers with the closing tag of the tag its name opens', () => {
    // MiniCPM 5: `<function name="f"><param name="a">1</param></function>`, nothing around it.
    const source =
      `{%- for m in messages -%}<|im_start|>{{ m.role }}\n{%- if m.tool_calls %}{% for tc in m.tool_calls %}<function name="{{ tc.function.name }}">` +
      `{% for k, v in tc.function.arguments | items %}<param name="{{ k }}">{{ v }}</param>{% endfor %}</function>{% endfor %}` +
      `{% else %}{{ m.content }}{% endif %}<|im_end|>\n{%- endfor -%}`;
    const tools = draftWith('TAG_WITH_TAGGED');
    extractFunctionMarkers(contextOf(source), tools);
    expect(tools.function).toEqual({ name_prefix: '<function name="', name_suffix: '">', close: '</function>' });
  });

  it('extends a JSON-arguments suffix over markers up to the JSON', () => {
    const tools = draftWith('TAG_WITH_JSON');
    tools.format.per_call_start = '[TOOL_CALLS]';
    extractFunctionMarkers(contextOf(CALL_ID_TEMPLATE), tools);
    expect(tools.function.name_suffix).toBe('[ARGS]');
  });
});

describe('argument markers (A1, A2)', () => {
  it('A1 reads the markers around an argument name', () => {
    const tools = taggedDraft();
    extractArgumentNameMarkers(contextOf(TAGGED_TEMPLATE), tools);
    expect([tools.arguments.name_prefix, tools.arguments.name_suffix]).toEqual(['<parameter=', '>\n']);
  });

  it('A2 reads the markers around a value, up to the function closer', () => {
    const tools = taggedDraft();
    tools.arguments.name_suffix = '>\n';
    tools.function.close = '</function>\n';
    extractArgumentValueMarkers(contextOf(TAGGED_TEMPLATE), tools);
    expect([tools.arguments.value_prefix, tools.arguments.value_suffix]).toEqual(['', '</parameter>\n']);
  });
});

describe('argument layout (T5, T6)', () => {
  it('T5 finds no separator between parameter blocks', () => {
    const tools = taggedDraft();
    extractArgumentSeparator(contextOf(TAGGED_TEMPLATE), tools);
    expect(tools.arguments.separator).toBe('');
  });

  it('T6 records container markers for JSON-native calls only', () => {
    const tools = taggedDraft();
    extractArgumentContainer(contextOf(TAGGED_TEMPLATE), tools);
    expect([tools.arguments.start, tools.arguments.end]).toEqual(['', '']);
  });
});

describe('extractCallIdMarkers (T7)', () => {
  it('places an id between the name and the arguments', () => {
    const tools = draftWith('TAG_WITH_JSON');
    extractCallIdMarkers(contextOf(CALL_ID_TEMPLATE), tools);
    expect(tools.call_id).toEqual({ pos: 'BETWEEN_FUNC_AND_ARGS', prefix: '[CALL_ID]', suffix: '[ARGS]' });
  });

  it('places an id before the name', () => {
    const template = CALL_ID_TEMPLATE.replace(
      '[TOOL_CALLS]{{ tc.function.name }}[CALL_ID]{{ tc.id }}[ARGS]',
      '[TOOL_CALLS][ID]{{ tc.id }}[NAME]{{ tc.function.name }}[ARGS]',
    );
    const tools = draftWith('TAG_WITH_JSON');
    extractCallIdMarkers(contextOf(template), tools);
    expect(tools.call_id).toEqual({ pos: 'PRE_FUNC_NAME', prefix: '[ID]', suffix: '[NAME]' });
  });

  it('finds nothing when the template drops ids', () => {
    const tools = taggedDraft();
    extractCallIdMarkers(contextOf(TAGGED_TEMPLATE), tools);
    expect(tools.call_id.pos).toBe('NONE');
  });
});
