import { describe, expect, it } from 'vitest';
import type { TemplatePlugin } from '../plugins/template-plugin.js';
import { analyzeTemplate } from './analyze-template.js';
import { JSON_TEMPLATE, PLAIN_TEMPLATE, SUFFIXED_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('analyzeTemplate', () => {
  it('reads a family of suffixed tags: a tag between the name and the arguments, no end-of-turn token in the calls', () => {
    const { tools } = analyzeTemplate(SUFFIXED_TEMPLATE);
    expect(tools.format).toMatchObject({
      mode: 'TAG_WITH_TAGGED',
      section_start: '<tool_calls:x>\n',
      section_end: '</tool_calls:x>',
      per_call_start: '<tool_call:x>',
      per_call_end: '</tool_call:x>',
    });
    expect(tools.function.name_suffix).toBe('<tool_sep:x>\n');
    expect(tools.arguments).toMatchObject({ name_prefix: '<arg_key:x>', value_prefix: '<arg_value:x>' });
  });

  it('assembles every phase into plain JSON data', () => {
    const analysis = analyzeTemplate(TAGGED_TEMPLATE);
    expect(analysis.tools.format.mode).toBe('TAG_WITH_TAGGED');
    expect(analysis.preserved_tokens).toEqual([
      '<think>',
      '</think>',
      '<tool_call>',
      '</tool_call>',
      '<function=',
      '>',
      '</function>',
      '<parameter=',
      '</parameter>',
    ]);
    expect(JSON.parse(JSON.stringify(analysis))).toEqual(analysis);
    expect(analysis.warnings).toEqual([]);
  });

  it('caches per source and returns frozen results', () => {
    const first = analyzeTemplate(JSON_TEMPLATE);
    expect(analyzeTemplate(JSON_TEMPLATE)).toBe(first);
    expect(Object.isFrozen(first.tools.format)).toBe(true);
    expect(analyzeTemplate(JSON_TEMPLATE, { cache: false })).not.toBe(first);
  });

  it('degrades to content-only with a warning when the template does not render', () => {
    const analysis = analyzeTemplate('{% for m in messages %}{{ m.content }');
    expect(analysis.tools.format.mode).toBe('NONE');
    expect(analysis.content.mode).toBe('PLAIN');
    expect(analysis.warnings.map((w) => w.phase)).toEqual(['render']);
  });

  it('reports a failing phase and keeps the rest', () => {
    const renderer = (source: string, params: { readonly messages: readonly Readonly<Record<string, unknown>>[] }) => {
      if (params.messages.some((m) => m.tool_calls)) throw new Error('no tool calls here');
      return PLAIN_TEMPLATE === source ? params.messages.map((m) => `<${String(m.role)}>${String(m.content)}`).join('') : '';
    };
    const analysis = analyzeTemplate(PLAIN_TEMPLATE, { renderer, cache: false });
    expect(analysis.caps.supports_tool_calls).toBe(false);
    expect(analysis.user_start).toBe('<user>');
  });

  it('runs the given plugins in order and reports them', () => {
    const plugin: TemplatePlugin = {
      name: 'mine',
      description: 'marks plain templates',
      matches: (source) => source === PLAIN_TEMPLATE,
      patchAnalysis: (analysis) => (analysis.tools.format.mode === 'NONE' ? { ...analysis, assistant_start: 'patched' } : analysis),
    };
    const analysis = analyzeTemplate(PLAIN_TEMPLATE, { plugins: [plugin] });
    expect(analysis.appliedPlugins).toEqual(['mine']);
    expect(analysis.assistant_start).toBe('patched');
    expect(analyzeTemplate(PLAIN_TEMPLATE).assistant_start).toBe('<|im_start|>assistant');
  });

  it('never throws, even on a plugin that does', () => {
    const broken: TemplatePlugin = {
      name: 'broken',
      description: 'throws',
      matches: () => {
        throw new Error('boom');
      },
    };
    const analysis = analyzeTemplate(PLAIN_TEMPLATE, { plugins: [broken], cache: false });
    expect(analysis.warnings).toEqual([{ phase: 'plugins', message: 'boom' }]);
  });

  it('rejects a source that is not a string', () => {
    expect(() => analyzeTemplate(42 as unknown as string)).toThrow(TypeError);
  });
});
