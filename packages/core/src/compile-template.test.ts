import { describe, expect, it } from 'vitest';
import { analyzeTemplate, builtinPlugins, compileTemplate, createChatParser, renderPrompt, type ChatRequest, type WorkaroundPlugin } from './index.js';
import { sharedTemplate } from './test-templates.js';

const request: ChatRequest = {
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
};

describe('compileTemplate', () => {
  const source = sharedTemplate('Qwen-Qwen3-0.6B');

  it('holds the analysis and renderer, and makes a parser that reads the template\'s answers', () => {
    const compiled = compileTemplate(source);
    expect(compiled.analysis).toEqual(analyzeTemplate(source));
    expect(compiled.render({ messages: request.messages, add_generation_prompt: true })).toEqual(renderPrompt(source, { messages: request.messages, add_generation_prompt: true }));
    const parser = compiled.parserFor(request);
    const rendered = renderPrompt(source, { messages: request.messages, tools: request.tools ?? null, add_generation_prompt: true });
    expect(parser.prompt).toBe(rendered.prompt);
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers.length).toBeGreaterThan(0);
    const output = '<think>\nParis.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const message = parser.parse(output);
    expect(message.reasoning_content).toBe('Paris.');
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Paris' }]]);
    // createChatParser is the compiled template's parserFor: the same grammar and reading.
    expect(createChatParser(source, request).grammar).toBe(parser.grammar);
  });

  it('is compiled once per source and set of plugins that apply', () => {
    expect(compileTemplate(source)).toBe(compileTemplate(source));
    expect(compileTemplate(source, { plugins: builtinPlugins })).toBe(compileTemplate(source));
    const mine: WorkaroundPlugin = { name: 'mine', description: 'matches every template', matches: () => true };
    const withMine = compileTemplate(source, { plugins: [mine, ...builtinPlugins] });
    expect(withMine).not.toBe(compileTemplate(source));
    expect(withMine.plugins[0]).toBe(mine);
    expect(compileTemplate(sharedTemplate('Qwen3-Coder'))).not.toBe(compileTemplate(source));
  });

  it('names what is wrong with a request', () => {
    const compiled = compileTemplate(source);
    expect(() => compiled.parserFor({ ...request, tool_choice: { type: 'function', function: { name: 'nope' } } })).toThrow(/tool_choice\.function\.name: "nope" is not among the tools/);
    expect(() => compiled.parserFor(request, { recoveries: { disable: ['nope' as 'missing-closer'] } })).toThrow(/recoveries\.disable\[0\]: "nope" is no recovery rule/);
  });
});
