// Each built-in plugin is tried on the real chat templates of ../shared/templates: it must
// recognise exactly its family, and its patches must repair what the general analysis and
// renderer get wrong on those templates.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyRenderHooks, renderPrompt, type RenderParams } from '@autoparser/jinja';
import { analyzeTemplate, type TemplateAnalysis } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from '../builtin-plugins.js';
import type { WorkaroundPlugin } from '../plugin.js';

const TEMPLATES = fileURLToPath(new URL('../../../../../shared/templates/', import.meta.url));
const names = readdirSync(TEMPLATES).filter((name) => name.endsWith('.jinja')).sort();
const source = (name: string): string => readFileSync(`${TEMPLATES}${name}.jinja`, 'utf8');

const plugin = (name: string): WorkaroundPlugin => {
  const found = builtinPlugins.find((p) => p.name === name);
  if (found === undefined) throw new Error(`no built-in plugin ${name}`);
  return found;
};

/** The families each plugin is for, among the shared templates (from the models' own documentation). */
const FAMILIES: Record<string, readonly string[]> = {
  'old-thinking-template': [
    'Qwen-QwQ-32B',
    'deepseek-ai-DeepSeek-R1-Distill-Llama-8B',
    'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B',
    'llama-cpp-deepseek-r1',
    'llama-cpp-rwkv-world',
  ],
  'granite-3.3': ['ibm-granite-granite-3.3-2B-Instruct'],
  'command-r-plus': ['CohereForAI-c4ai-command-r-plus-tool_use', 'CohereForAI-c4ai-command-r7b-12-2024-tool_use'],
  'functionary-3.1': ['meetkai-functionary-medium-v3.1'],
  'deepseek-r1-distill-qwen': ['deepseek-ai-DeepSeek-R1-Distill-Llama-8B', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B'],
  // No Nemotron Nano v2 template among the shared ones: it must at least stay off the others.
  'nemotron-nano-v2': [],
  'firefunction-v2': ['fireworks-ai-llama-3-firefunction-v2'],
  'solar-open': ['upstage-Solar-Open-100B'],
  'apriel-1.6': ['Apriel-1.6-15b-Thinker-fixed'],
  'gpt-oss': ['openai-gpt-oss-120b'],
  ministral: ['mistralai-Ministral-3-14B-Reasoning-2512', 'unsloth-mistral-Devstral-Small-2507'],
  'kimi-k2': ['Kimi-K2-Instruct', 'Kimi-K2-Thinking', 'moonshotai-Kimi-K2'],
  'kimi-k3': [],
  'muse-glimmer': [],
  hy3: [],
  'minimax-m3': [],
  'deepseek-v3.2': ['deepseek-ai-DeepSeek-V3.2'],
  'deepseek-r1': ['deepseek-ai-DeepSeek-R1-Distill-Llama-8B', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', 'llama-cpp-deepseek-r1'],
  lfm2: ['LFM2-8B-A1B', 'LFM2.5-8B-A1B', 'LFM2.5-Instruct'],
  'gemma-4': ['google-gemma-4-31B-it-interleaved', 'google-gemma-4-31B-it'],
  'granite-tool-call': ['ibm-granite-granite-3.3-2B-Instruct'],
  'functionary-3.2': ['meetkai-functionary-medium-v3.2'],
  'gigachat-3': ['GigaChat3-10B-A1.8B'],
};

describe('built-in plugins on the shared templates', () => {
  it.each(builtinPlugins.map((p) => [p.name, p] as const))('%s recognises exactly its family', (name, p) => {
    expect(FAMILIES[name], `no family listed for ${name}`).toBeDefined();
    const matched = names.filter((file) => p.matches(readFileSync(`${TEMPLATES}${file}`, 'utf8'))).map((file) => file.replace(/\.jinja$/, '')).sort();
    expect(matched).toEqual([...(FAMILIES[name] ?? [])].sort());
  });
});

/** Dotted paths of the analysis fields that differ, with their value after. */
function changes(before: TemplateAnalysis, after: TemplateAnalysis): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (typeof b === 'object' && b !== null && !Array.isArray(b)) {
      for (const key of Object.keys(b)) walk((a as Record<string, unknown> | undefined)?.[key], (b as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) out[path] = b;
  };
  walk(before, after, '');
  delete out['appliedPlugins'];
  return out;
}

/** What one plugin's analysis patch changes on a real template, run through the analyzer. */
function repair(name: string, template: string): Record<string, unknown> {
  const text = source(template);
  const general = analyzeTemplate(text, { plugins: [] });
  const patched = analyzeTemplate(text, { plugins: [plugin(name)] });
  expect(patched.appliedPlugins).toEqual([name]);
  return changes(general, patched);
}

describe('analysis patches repair the general analysis of their templates', () => {
  it('old-thinking-template: <think> reasoning for a template that strips it from past turns', () => {
    // Its prompt opens no block, so nothing shows the reasoning to the general analysis.
    const text =
      "{% for m in messages %}<|{{ m.role }}|>{% set content = m.content.split('</think>')[-1] %}{{ content }}<|end|>{% endfor %}" +
      '{% if add_generation_prompt %}<|assistant|>{% endif %}';
    const general = analyzeTemplate(text, { plugins: [] });
    const patched = analyzeTemplate(text, { plugins: [plugin('old-thinking-template')] });
    expect(patched.appliedPlugins).toEqual(['old-thinking-template']);
    expect(changes(general, patched)).toEqual({
      'reasoning.mode': 'TAG_BASED',
      'reasoning.start': '<think>',
      'reasoning.end': '</think>',
      preserved_tokens: ['<think>', '</think>'],
    });
  });

  it('old-thinking-template: stays out where only the generation prompt opens <think> (DeepSeek-R1 distill, R4)', () => {
    const text = source('deepseek-ai-DeepSeek-R1-Distill-Llama-8B');
    expect(analyzeTemplate(text, { plugins: [plugin('old-thinking-template')] }).appliedPlugins).toEqual([]);
  });

  it('old-thinking-template: stays out where the analysis already finds the reasoning (QwQ)', () => {
    const text = source('Qwen-QwQ-32B');
    expect(analyzeTemplate(text, { plugins: [plugin('old-thinking-template')] }).appliedPlugins).toEqual([]);
  });

  it('granite-3.3: the <think> and <response> tags its system prompt asks for', () => {
    expect(repair('granite-3.3', 'ibm-granite-granite-3.3-2B-Instruct')).toEqual({
      'reasoning.mode': 'TAG_BASED',
      'reasoning.start': '<think>',
      'reasoning.end': '</think>',
      'content.mode': 'WRAPPED_WITH_REASONING',
      'content.start': '<response>',
      'content.end': '</response>',
      preserved_tokens: ['<think>', '</think>', '<response>', '</response>'],
    });
  });

  it('command-r-plus: the chatbot-token wrapping and the whole user turn opener', () => {
    const fixed = repair('command-r-plus', 'CohereForAI-c4ai-command-r-plus-tool_use');
    expect(fixed).toMatchObject({
      user_start: '<|START_OF_TURN_TOKEN|><|USER_TOKEN|>',
      'content.mode': 'ALWAYS_WRAPPED',
      'content.start': '<|CHATBOT_TOKEN|>',
      'content.end': '<|END_OF_TURN_TOKEN|>',
    });
    // The tool-call markers the analysis found are kept.
    expect(fixed['preserved_tokens']).toEqual(expect.arrayContaining(['Action:\n```json', '<|CHATBOT_TOKEN|>']));
  });

  it('functionary-3.1: calls wrapped per call in <function=…>…</function>', () => {
    expect(repair('functionary-3.1', 'meetkai-functionary-medium-v3.1')).toMatchObject({
      'tools.format.per_call_start': '<function=',
      'tools.format.per_call_end': '</function>',
      'tools.function.name_prefix': '',
    });
  });

  it('deepseek-r1-distill-qwen: the fenced call markers, on both distills', () => {
    const llama = repair('deepseek-r1-distill-qwen', 'deepseek-ai-DeepSeek-R1-Distill-Llama-8B');
    const qwen = repair('deepseek-r1-distill-qwen', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B');
    const markers = {
      'tools.format.section_end': '<｜tool▁calls▁end｜>',
      'tools.format.per_call_start': '<｜tool▁call▁begin｜>function',
      'tools.format.per_call_end': '<｜tool▁call▁end｜>',
      'tools.function.name_prefix': '<｜tool▁sep｜>',
      'tools.function.close': '```',
    };
    expect(llama).toMatchObject(markers);
    expect(qwen).toMatchObject(markers);
  });

  it('firefunction-v2, solar-open, apriel-1.6: the turn openers the analysis misses', () => {
    expect(repair('firefunction-v2', 'fireworks-ai-llama-3-firefunction-v2')).toEqual({
      user_start: '<|start_header_id|>user<|end_header_id|>',
      assistant_start: '<|start_header_id|>assistant<|end_header_id|>',
    });
    expect(repair('solar-open', 'upstage-Solar-Open-100B')).toEqual({ assistant_start: '<|begin|>assistant' });
    expect(repair('apriel-1.6', 'Apriel-1.6-15b-Thinker-fixed')).toEqual({ user_start: '<|begin_user|>', assistant_start: '<|begin_assistant|>' });
  });
});

const NOW = '2026-01-01T00:00:00Z';

/** The prompt of `params` through a real template, with or without the built-in plugins. */
function prompt(template: string, params: Omit<RenderParams, 'now'>, plugins: readonly WorkaroundPlugin[]): string {
  return renderPrompt(source(template), { now: NOW, ...params }, { plugins }).prompt;
}

describe('render workarounds on their templates', () => {
  it('gpt-oss: a past turn with calls shows its reasoning in the analysis channel', () => {
    const call = { id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{"a": 1}' } };
    const params = {
      messages: [
        { role: 'user', content: 'U' },
        { role: 'assistant', content: '', reasoning_content: 'Thinking it over.', tool_calls: [call] },
        { role: 'tool', tool_call_id: 'c1', content: 'T' },
      ],
      tools: [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } } }],
    };
    const shown = '<|start|>assistant<|channel|>analysis<|message|>Thinking it over.<|end|>';
    expect(prompt('openai-gpt-oss-120b', params, builtinPlugins)).toContain(shown);
    expect(prompt('openai-gpt-oss-120b', params, [])).not.toContain('Thinking it over.');
    expect(applyRenderHooks(builtinPlugins, source('openai-gpt-oss-120b')).keepDeveloperRole).toBe(true);
  });

  it('ministral: a past turn keeps its reasoning as a [THINK] block before the text', () => {
    const params = {
      messages: [
        { role: 'user', content: 'U' },
        { role: 'assistant', content: 'A', reasoning_content: 'R' },
        { role: 'user', content: 'U2' },
      ],
    };
    expect(prompt('mistralai-Ministral-3-14B-Reasoning-2512', params, builtinPlugins)).toContain('[INST]U[/INST][THINK]R[/THINK]A[INST]U2[/INST]');
    expect(prompt('mistralai-Ministral-3-14B-Reasoning-2512', params, [])).toContain('[INST]U[/INST]A[INST]U2[/INST]');
  });

  it('kimi-k2: a prefilled reasoning turn continues inside <think>, which the template never shows', () => {
    const params = {
      messages: [
        { role: 'user', content: 'U' },
        { role: 'assistant', reasoning_content: 'R' },
      ],
      continue_final_message: 'reasoning' as const,
      add_generation_prompt: false,
    };
    expect(prompt('Kimi-K2-Instruct', params, builtinPlugins).endsWith('<|im_assistant|>assistant<|im_middle|><think>R')).toBe(true);
    expect(() => prompt('Kimi-K2-Instruct', params, [])).toThrow(/cannot continue the final message/);
  });

  it('leave templates of other families alone', () => {
    const text = source('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use');
    const patched = applyRenderHooks(builtinPlugins, text);
    expect(patched.applied).toEqual([]);
    expect(patched.source).toBe(text);
  });
});
