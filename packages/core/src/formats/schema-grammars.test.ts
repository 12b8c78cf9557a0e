import { readFileSync } from 'node:fs';
import type { ChatMessage } from '@autoparser/jinja';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { renderParamsOf } from '../compile-template.js';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { analyzeTemplate } from '../default-plugins.js';
import { extractOutput } from '../self-check/extract-output.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequest, functionTool, grammarVerdict } from './format-test-support.js';

// Grammars that hold the tools' schemas in every format (issue 26 §3), beyond the reference's
// grammars for the same formats: each output below is the template's own rendering of a
// call, so what the grammar rejects is only what the schema (or the request) forbids.

const TOOLS: NonNullable<ChatRequest['tools']> = [
  functionTool(
    'set_alarm',
    {
      hour: { type: 'integer', minimum: 0, maximum: 23 },
      label: { type: 'string', enum: ['work', 'gym'] },
      note: { type: 'string', maxLength: 5 },
    },
    ['hour', 'label'],
  ),
  functionTool('get_weather', { city: { type: 'string' } }, ['city']),
];

const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');

/** Templates of every kind of call format: tagged, JSON, Python-style, Gemma 4's, Functionary's. */
const FORMATS: readonly (readonly [label: string, source: string])[] = [
  ['tagged: Qwen3-Coder', sharedTemplate('Qwen3-Coder')],
  ['tagged: GLM-4.6', sharedTemplate('GLM-4.6')],
  ['tagged: MiniMax-M2', sharedTemplate('MiniMax-M2')],
  ['tagged: Seed-OSS', sharedTemplate('ByteDance-Seed-OSS')],
  ['tagged: DeepSeek V3.2 (DSML)', sharedTemplate('deepseek-ai-DeepSeek-V3.2')],
  ['JSON: Hermes 3', sharedTemplate('NousResearch-Hermes-3-Llama-3.1-8B-tool_use')],
  ['JSON: Mistral Nemo', sharedTemplate('mistralai-Mistral-Nemo-Instruct-2407')],
  ['pythonic: LFM2.5', sharedTemplate('LFM2.5-8B-A1B')],
  ['pythonic: Llama 3.2 (general)', zoo('llama/vllm-tool_chat_template_llama3.2_pythonic.jinja')],
  ['Gemma 4', sharedTemplate('google-gemma-4-31B-it')],
  ['Functionary v3.1', sharedTemplate('meetkai-functionary-medium-v3.1')],
  ['Functionary v3.2', sharedTemplate('meetkai-functionary-medium-v3.2')],
];

const call = (index: number, name: string, args: Record<string, unknown>) => ({
  id: `call0000${index + 1}`,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});

/** The template's rendering of an assistant turn with `calls`, as the model writes it. */
function rendered(source: string, parser: ChatParser, request: ChatRequest, calls: readonly Record<string, unknown>[]): string {
  const analysis = analyzeTemplate(source);
  const message: ChatMessage = {
    role: 'assistant',
    content: analysis.content.requires_nonnull_content ? '' : null,
    tool_calls: calls.map((c, i) => call(i, c['name'] as string, c['args'] as Record<string, unknown>)),
  };
  // A named choice offers one tool, but the prompt (and a model) still sees them all.
  const extracted = extractOutput(source, renderParamsOf({ ...request, tools: TOOLS }), message, { ...parser, assistantStart: analysis.assistant_start });
  if (!extracted.ok) throw new Error(`the template does not render the call: ${JSON.stringify(extracted)}`);
  return extracted.output;
}

const VALID = { name: 'set_alarm', args: { hour: 7, label: 'work', note: 'early' } };

describe.each(FORMATS)('the grammar holds the schema: %s', (_label, source) => {
  // Required: the grammar is on from the start, in every format (lazy ones need a trigger).
  const request = chatRequest(TOOLS, { tool_choice: 'required', parallel_tool_calls: false });
  const parser = createChatParser(source, request);
  const verdict = (calls: readonly Record<string, unknown>[], over: ChatParser = parser, req: ChatRequest = request): string =>
    grammarVerdict(over, rendered(source, over, req, calls));

  it('accepts a schema-valid call, with and without its optional argument', () => {
    expect(verdict([VALID])).toBe('accepted');
    expect(verdict([{ name: 'set_alarm', args: { hour: 23, label: 'gym' } }])).toBe('accepted');
    expect(verdict([{ name: 'get_weather', args: { city: 'Paris' } }])).toBe('accepted');
  });

  it('rejects a string outside its enum', () => {
    expect(verdict([{ name: 'set_alarm', args: { hour: 7, label: 'home' } }])).toBe('rejected');
  });

  it('rejects a string longer than its maxLength', () => {
    expect(verdict([{ name: 'set_alarm', args: { hour: 7, label: 'work', note: 'too long' } }])).toBe('rejected');
  });

  it('rejects an integer out of its range', () => {
    expect(verdict([{ name: 'set_alarm', args: { hour: 24, label: 'work' } }])).toBe('rejected');
  });

  it('rejects a call without a required argument', () => {
    expect(verdict([{ name: 'set_alarm', args: { hour: 7 } }])).toBe('rejected');
  });

  it('rejects a second call when parallel_tool_calls is false, and accepts it when true', () => {
    const two = [VALID, { name: 'get_weather', args: { city: 'Paris' } }];
    expect(verdict(two)).toBe('rejected');
    const parallelRequest = chatRequest(TOOLS, { tool_choice: 'required', parallel_tool_calls: true });
    const parallel = createChatParser(source, parallelRequest);
    const output = rendered(source, parallel, parallelRequest, two);
    // Only where the template writes parallel calls at all.
    if (parallel.parse(output).tool_calls?.length === 2) expect(grammarVerdict(parallel, output)).toBe('accepted');
  });

  it('with a named tool_choice, accepts that function only', () => {
    const named = chatRequest(TOOLS, { tool_choice: { type: 'function', function: { name: 'get_weather' } }, parallel_tool_calls: false });
    const only = createChatParser(source, named);
    expect(verdict([{ name: 'get_weather', args: { city: 'Paris' } }], only, named)).toBe('accepted');
    // Rejected, or (marker-less calls, where text before the call is content) never complete:
    // the other function's call can only be content, and a call of the named one must follow.
    expect(['rejected', 'incomplete']).toContain(verdict([VALID], only, named));
  });

  it('reads the invalid calls as before: the parser is not narrowed', () => {
    const lenient = createChatParser(source, chatRequest(TOOLS, { tool_choice: 'required', parallel_tool_calls: false }));
    const output = rendered(source, lenient, request, [{ name: 'set_alarm', args: { hour: 24, label: 'home' } }]);
    const calls = lenient.parse(output).tool_calls ?? [];
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['set_alarm', { hour: 24, label: 'home' }]]);
  });
});

describe('tagged formats: optional arguments at most once, in any order', () => {
  const tools = [functionTool('pick', { a: { type: 'string' }, b: { type: 'string' } }, [])];
  const request = chatRequest(tools, { tool_choice: 'required', parallel_tool_calls: false });
  const cases = [
    ['Qwen3-Coder', /<parameter=a>[\s\S]*?<\/parameter>\n?/],
    ['deepseek-ai-DeepSeek-V3.2', /<｜DSML｜parameter name="a"[\s\S]*?<\/｜DSML｜parameter>\n?/],
  ] as const;

  it.each(cases)('%s', (name, block) => {
    const source = sharedTemplate(name);
    const parser = createChatParser(source, request);
    const analysis = analyzeTemplate(source);
    const render = (args: Record<string, unknown>): string => {
      const message: ChatMessage = { role: 'assistant', content: analysis.content.requires_nonnull_content ? '' : null, tool_calls: [call(0, 'pick', args)] };
      const extracted = extractOutput(source, renderParamsOf(request), message, { ...parser, assistantStart: analysis.assistant_start });
      if (!extracted.ok) throw new Error('the template does not render the call');
      return extracted.output;
    };
    expect(grammarVerdict(parser, render({ b: 'x', a: 'y' }))).toBe('accepted');
    expect(grammarVerdict(parser, render({ a: 'y' }))).toBe('accepted');
    expect(grammarVerdict(parser, render({}))).toBe('accepted');
    const once = render({ a: 'y', b: 'x' });
    const twice = once.replace(block, (m) => m + m);
    expect(twice).not.toBe(once);
    expect(grammarVerdict(parser, twice)).toBe('rejected');
  });
});
