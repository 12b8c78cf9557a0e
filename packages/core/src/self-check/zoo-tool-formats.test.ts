import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool } from '../formats/format-test-support.js';
import { checkTemplate } from './check-template.js';

const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');

/** The self-check's tool-call scenarios that failed, with their reasons. */
const failedToolScenarios = (path: string): string[] =>
  checkTemplate(zoo(path))
    .scenarios.filter((s) => ['tool call', 'typed arguments', 'parallel tool calls', 'tool_choice required', 'tool_choice named'].includes(s.name))
    .filter((s) => !s.passed && s.skipped !== true)
    .map((s) => `${s.name}: ${s.reason ?? ''}`);

// Zoo templates whose calls the general analysis reads only with the rules of this change.
describe('self-check of zoo templates with unusual tool-call layouts', () => {
  it.each([
    // Whitespace the template writes before content but not before calls (`\n  </think>` vs `</think>`).
    'deepseek/sglang-tool_chat_template_deepseekv31.jinja',
    'deepseek/vllm-tool_chat_template_deepseekv31.jinja',
    'deepseek/sglang-tool_chat_template_deepseekv32.jinja',
    'deepseek/vllm-tool_chat_template_deepseekv32.jinja',
    // Arguments written as a Python dict inside JSON calls.
    'functionary/meetkai-cogito.jinja',
    'functionary/meetkai-gemma3.jinja',
    'functionary/meetkai-qwen2.5-text-only.jinja',
    'functionary/meetkai-r1_distilled_qwen.jinja',
    'phi/vllm-tool_chat_template_phi4_mini.jinja',
    // DeepSeek R1 calls under Functionary's preamble, the fence language from a variable.
    'functionary/meetkai-r1.jinja',
    // Calls in one JSON array, required.
    'xlam/vllm-tool_chat_template_xlam_llama.jinja',
    'xlam/vllm-tool_chat_template_xlam_qwen.jinja',
    // Parallel calls separated as the template writes them: nothing, or a newline.
    'llama/axolotl-llama4.jinja',
    'llama/vllm-tool_chat_template_llama4_json.jinja',
    'minimax/vllm-tool_chat_template_minimax_m1.jinja',
  ])('%s', (path) => {
    expect(failedToolScenarios(path)).toEqual([]);
  });

  it('MiniCPM 5: a call with no end marker closes with the tag its name opens', () => {
    // Typed arguments stay open: the template wraps multi-line strings in CDATA.
    expect(failedToolScenarios('minicpm/openbmb-MiniCPM5-1B.jinja').map((f) => f.split(':')[0])).toEqual(['typed arguments']);
  });
});

describe('the separator between parallel JSON calls, learned from the template', () => {
  const M1 = zoo('minimax/vllm-tool_chat_template_minimax_m1.jinja');
  const request = chatRequestBuilder([functionTool('get_time', { city: { type: 'string' } }, ['city'])], { parallel_tool_calls: true });
  const a = '{"name": "get_time", "arguments": {"city": "Paris"}}';
  const b = '{"name": "get_time", "arguments": {"city": "Oslo"}}';
  const rules = (output: string, strict = false): string[] =>
    (createChatParser(M1, request({ strict })).parse(output).warnings ?? []).map((w) => (w.code === 'recovered' ? (w.rule ?? '') : w.code));

  it('reads the calls the template writes on their own lines canonically, a comma as a recovery', () => {
    expect(rules(`<tool_calls>\n${a}\n${b}\n</tool_calls>`)).toEqual([]);
    expect(rules(`<tool_calls>\n${a}, ${b}\n</tool_calls>`)).toEqual(['json-call-separator']);
    expect(createChatParser(M1, request()).parse(`<tool_calls>\n${a}, ${b}\n</tool_calls>`).tool_calls).toHaveLength(2);
  });

  it('keeps the grammar to the template\'s separator', () => {
    expect(createChatParser(M1, request()).grammar).toBe(createChatParser(M1, request({ strict: true })).grammar);
    expect(rules(`<tool_calls>\n${a}, ${b}\n</tool_calls>`, true)).not.toEqual([]);
  });
});
