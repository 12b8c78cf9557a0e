import { describe, expect, it } from 'vitest';
import { analyzeTemplate, builtinPlugins, compileTemplate, createChatParser, renderPrompt, type ChatRequest, type WorkaroundPlugin } from './index.js';
import { sharedTemplate } from './test-templates.js';

const request: ChatRequest = {
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
};

describe('compileTemplate', () => {
  const source = sharedTemplate('Qwen-Qwen3-0.6B');

  it('holds the analysis and renderer, and makes the parsers createChatParser makes', () => {
    const compiled = compileTemplate(source);
    expect(compiled.analysis).toEqual(analyzeTemplate(source));
    expect(compiled.render({ messages: request.messages, add_generation_prompt: true })).toEqual(renderPrompt(source, { messages: request.messages, add_generation_prompt: true }));
    const parser = compiled.parserFor(request);
    const direct = createChatParser(source, request);
    expect({ ...parser, parse: undefined, stream: undefined }).toEqual({ ...direct, parse: undefined, stream: undefined });
    const output = '<think>\nParis.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    expect(parser.parse(output)).toEqual(direct.parse(output));
    expect(JSON.parse(parser.parse(output).tool_calls?.[0]?.function.arguments ?? '')).toEqual({ city: 'Paris' });
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
    expect(() => compiled.parserFor({ ...request, tool_choice: { type: 'function', function: { name: 'nope' } } })).toThrow(/tool_choice names the function "nope"/);
    expect(() => compiled.parserFor(request, { recoveries: { disable: ['nope' as 'missing-closer'] } })).toThrow(/recoveries\.disable\[0\]: "nope" is no recovery rule/);
  });
});
