import { describe, expect, it } from 'vitest';
import { applyRenderHooks } from '@autoparser/jinja';
import { builtinPlugins } from '../builtin-plugins.js';
import { createEmptyAnalysis } from '../empty-analysis.js';
import type { WorkaroundPlugin } from '../plugin.js';
import { commandRPlusPlugin } from './command-r-plus.js';
import { deepseekR1DistillQwenPlugin } from './deepseek-r1-distill-qwen.js';
import { functionary31Plugin } from './functionary-3-1.js';
import { granite33Plugin } from './granite-3-3.js';
import { nemotronNanoV2Plugin } from './nemotron-nano-v2.js';
import { oldThinkingTemplatePlugin } from './old-thinking-template.js';
import { apriel16Plugin } from './apriel-1-6.js';
import { firefunctionV2Plugin } from './firefunction-v2.js';
import { solarOpenPlugin } from './solar-open.js';

/** Runs a plugin as the registry would, checking it leaves its input alone. */
function patch(plugin: WorkaroundPlugin, source: string) {
  const before = createEmptyAnalysis();
  const frozen = structuredClone(before);
  expect(plugin.matches(source)).toBe(true);
  const after = plugin.patchAnalysis!(before, source);
  expect(before).toEqual(frozen);
  expect(after).not.toBe(before);
  return after;
}

describe('old-thinking-template', () => {
  const source = "{% set content = content.split('</think>')[-1] %}";
  it('adds <think> reasoning to templates that strip it', () => {
    const after = patch(oldThinkingTemplatePlugin, source);
    expect(after.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
    expect(after.preserved_tokens).toEqual(['<think>', '</think>']);
  });
  it('stays out when reasoning was found or the template renders reasoning_content', () => {
    const found = createEmptyAnalysis();
    found.reasoning.mode = 'TAG_BASED';
    expect(oldThinkingTemplatePlugin.patchAnalysis!(found, source)).toBe(found);
    expect(oldThinkingTemplatePlugin.matches(source + 'reasoning_content')).toBe(false);
    expect(oldThinkingTemplatePlugin.matches(source + '<SPECIAL_12>')).toBe(false);
  });
});

describe('granite-3.3', () => {
  it('sets think and response tags', () => {
    const after = patch(
      granite33Plugin,
      'Write your thoughts between <think></think> and write your response between <response></response> for each.',
    );
    expect(after.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
    expect(after.content.mode).toBe('WRAPPED_WITH_REASONING');
    expect([after.content.start, after.content.end]).toEqual(['<response>', '</response>']);
    expect(after.preserved_tokens).toEqual(['<think>', '</think>', '<response>', '</response>']);
  });
  it('ignores other templates', () => {
    expect(granite33Plugin.matches('<think></think>')).toBe(false);
  });
});

describe('command-r-plus', () => {
  const source = '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>{{ content }}<|END_OF_TURN_TOKEN|>';
  it('wraps content and sets the user start', () => {
    const after = patch(commandRPlusPlugin, source);
    expect(after.content).toMatchObject({ mode: 'ALWAYS_WRAPPED', start: '<|CHATBOT_TOKEN|>', end: '<|END_OF_TURN_TOKEN|>' });
    expect(after.user_start).toBe('<|START_OF_TURN_TOKEN|><|USER_TOKEN|>');
  });
  it('keeps content markers the analysis already found', () => {
    const found = createEmptyAnalysis();
    found.content.start = '<|START_RESPONSE|>';
    expect(commandRPlusPlugin.patchAnalysis!(found, source)).toBe(found);
  });
});

describe('functionary-3.1', () => {
  it('sets per-call function markers and replaces the preserved tokens', () => {
    const before = createEmptyAnalysis();
    before.preserved_tokens = ['<|python_tag|>'];
    before.tools.format.section_start = '<function=';
    const source =
      '{%- set has_code_interpreter = tools | selectattr("type", "equalto", "code_interpreter") | list | length > 0 -%}';
    expect(functionary31Plugin.matches(source)).toBe(true);
    const after = functionary31Plugin.patchAnalysis!(before, source);
    expect(after.tools.format).toMatchObject({
      section_start: '',
      section_end: '',
      per_call_start: '<function=',
      per_call_end: '</function>',
    });
    expect(after.preserved_tokens).toEqual(['<|eot_id|>', '<|eom_id|>', '<function=', '>', '</function>']);
    expect(before.preserved_tokens).toEqual(['<|python_tag|>']);
  });
  it('reads arguments the template concatenates as given as JSON', () => {
    const before = createEmptyAnalysis();
    before.tools.format.mode = 'TAG_WITH_TAGGED';
    before.tools.function.name_suffix = ">{'AA': 'XXXX'}";
    before.tools.arguments.name_prefix = "<function=F>{'";
    const source =
      '{%- set has_code_interpreter = tools | selectattr("type", "equalto", "code_interpreter") | list | length > 0 -%}';
    const after = functionary31Plugin.patchAnalysis!(before, source);
    expect(after.tools.format.mode).toBe('TAG_WITH_JSON');
    expect(after.tools.function.name_suffix).toBe('>');
    expect(after.tools.arguments).toEqual(createEmptyAnalysis().tools.arguments);
    expect(before.tools.format.mode).toBe('TAG_WITH_TAGGED');
  });
});

describe('deepseek-r1-distill-qwen', () => {
  it('sets the fenced tool-call markers', () => {
    const after = patch(
      deepseekR1DistillQwenPlugin,
      "{{'<｜Assistant｜><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + tool['type'] + '<｜tool▁sep｜>' + name}}",
    );
    expect(after.tools.format).toMatchObject({
      section_start: '<｜tool▁calls▁begin｜>',
      section_end: '<｜tool▁calls▁end｜>',
      per_call_start: '<｜tool▁call▁begin｜>function',
      per_call_end: '<｜tool▁call▁end｜>',
    });
    expect(after.tools.function).toMatchObject({ name_prefix: '<｜tool▁sep｜>', close: '```' });
  });
});

describe('nemotron-nano-v2', () => {
  it('sets TOOLCALL JSON arrays and think reasoning', () => {
    const after = patch(nemotronNanoV2Plugin, '<SPECIAL_10><SPECIAL_11><SPECIAL_12><TOOL_RESPONSE>');
    expect(after.tools.format).toMatchObject({ mode: 'JSON_NATIVE', per_call_start: '<TOOLCALL>', tools_array_wrapped: true });
    expect(after.reasoning.start).toBe('<think>\n');
  });
});

describe('role-start plugins', () => {
  it('firefunction-v2 sets Llama 3 headers', () => {
    const after = patch(
      firefunctionV2Plugin,
      "{%- set system_prompt = '<|start_header_id|>' + 'system' + '<|end_header_id|>\\n\\n' + message['content'] | trim + '\\n' + system_prompt_suffix + '<|eot_id|>' -%}",
    );
    expect([after.user_start, after.assistant_start]).toEqual([
      '<|start_header_id|>user<|end_header_id|>',
      '<|start_header_id|>assistant<|end_header_id|>',
    ]);
  });
  it('solar-open sets the assistant start', () => {
    expect(patch(solarOpenPlugin, '<|begin|>assistant<|think|><|end|>').assistant_start).toBe('<|begin|>assistant');
  });
  it('apriel-1.6 sets both starts', () => {
    const after = patch(apriel16Plugin, "{% if not loop.last and '[BEGIN FINAL RESPONSE]' in asst_text %}");
    expect([after.user_start, after.assistant_start]).toEqual(['<|begin_user|>', '<|begin_assistant|>']);
  });
});

describe('render workarounds', () => {
  const gptOss = '{%- if "<|channel|>analysis<|message|>" in message.content or "<|channel|>final<|message|>" in message.content %}{{ raise_exception("no") }}{%- endif %}<|channel|>';
  const ministral =
    "[SYSTEM_PROMPT][TOOL_CALLS][ARGS]{%- if (message['content'] is none or message['content'] == '' or message['content']|length == 0) and " +
    "(message['tool_calls'] is not defined or message['tool_calls'] is none or message['tool_calls']|length == 0) %}x{%- endif %}";

  it('gpt-oss disables the channel check and passes reasoning as thinking', () => {
    const patched = applyRenderHooks(builtinPlugins, gptOss);
    expect(patched.applied).toEqual(['gpt-oss']);
    expect(patched.keepDeveloperRole).toBe(true);
    expect(patched.source.startsWith('{%- if false %}')).toBe(true);
    expect(patched.adjustMessages([{ role: 'assistant', content: 'a', reasoning_content: 'r' }])).toEqual([
      { role: 'assistant', content: 'a', reasoning_content: 'r', thinking: 'r' },
    ]);
  });

  it('ministral disables the empty-turn check and turns reasoning and text into blocks', () => {
    const patched = applyRenderHooks(builtinPlugins, ministral);
    expect(patched.applied).toEqual(['ministral']);
    expect(patched.source).toContain('{%- if false %}x');
    expect(patched.adjustMessages([{ role: 'user', content: 'u' }, { role: 'assistant', content: 'a', reasoning_content: 'r' }])).toEqual([
      { role: 'user', content: 'u' },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'r' }, { type: 'text', text: 'a' }] },
    ]);
  });

  it('kimi-k2 names the <think> tags its templates never show', () => {
    const patched = applyRenderHooks(builtinPlugins, '<|tool_calls_section_begin|><|tool_call_begin|>');
    expect(patched.applied).toEqual(['kimi-k2']);
    expect(patched.reasoningTags).toEqual({ start: '<think>', end: '</think>' });
  });

  it('leave other templates alone', () => {
    const patched = applyRenderHooks(builtinPlugins, '{{ messages }}');
    expect(patched.applied).toEqual([]);
    expect(patched.keepDeveloperRole).toBe(false);
    expect(patched.reasoningTags).toBeUndefined();
    expect(patched.source).toBe('{{ messages }}');
    const messages = [{ role: 'assistant', content: 'a', reasoning_content: 'r' }];
    expect(patched.adjustMessages(messages)).toEqual(messages);
  });
});
