import { describe, expect, it } from 'vitest';
import { toXgrammarEbnf } from '@autoparser/gbnf-emitter';
import { createChatParser } from '../create-chat-parser.js';
import type { ChatRequest } from '../chat-request.js';
import { sharedTemplate } from '../test-templates.js';
import { functionCallSyntax } from './call-syntax.js';
import { toSchemaStructuralTag, toStructuralTag } from './to-structural-tag.js';
import type { XgrammarStructuralFormat, XgrammarTriggeredTags } from './structural-tag-types.js';

const WEATHER = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
const request: ChatRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [WEATHER] };

function triggeredTags(format: XgrammarStructuralFormat): XgrammarTriggeredTags {
  if (format.type === 'triggered_tags') return format;
  if (format.type === 'sequence' || format.type === 'or') {
    for (const element of format.elements) {
      if (element.type === 'triggered_tags') return element;
      if (element.type === 'sequence') return triggeredTags(element);
    }
  }
  throw new Error(`no triggered_tags in ${format.type}`);
}

describe('toStructuralTag', () => {
  it('opens one tag per trigger word, its body the rest of the grammar in xgrammar EBNF', () => {
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request);
    const result = toStructuralTag(parser, request);
    if (!result.ok) throw new Error(result.message);
    const format = triggeredTags(result.structuralTag.format);
    expect(format.triggers).toEqual(parser.grammarTriggers.map((t) => t.value));
    const [tag] = format.tags;
    expect(tag?.begin).toBe(format.triggers[0]);
    // The body is the grammar after the trigger, as toXgrammarEbnf writes it.
    expect(tag?.content).toEqual({ type: 'grammar', grammar: (toXgrammarEbnf(parser.grammar, { skipPrefix: tag?.begin }) as { ebnf: string }).ebnf });
    expect(format.at_least_one).toBeUndefined();
    expect(format.stop_after_first).toBeUndefined();
  });

  it('marks single calls stop_after_first', () => {
    const single: ChatRequest = { ...request, parallel_tool_calls: false };
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), single);
    const result = toStructuralTag(parser, single);
    if (!result.ok) throw new Error(result.message);
    expect(triggeredTags(result.structuralTag.format).stop_after_first).toBe(true);
  });

  it('lets a reasoning block come first, its text free', () => {
    const parser = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), request);
    const result = toStructuralTag(parser, request);
    if (!result.ok) throw new Error(result.message);
    const { format } = result.structuralTag;
    expect(format.type).toBe('or');
    expect(JSON.stringify(format)).toContain(JSON.stringify({ type: 'tag', begin: parser.thinkingStartTag, content: { type: 'any_text' }, end: parser.thinkingEndTag }));
  });

  it('constrains the whole output with an eager grammar, and leaves it free without one', () => {
    const required: ChatRequest = { ...request, tool_choice: 'required' };
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), required);
    expect(parser.grammarLazy).toBe(false);
    expect(toStructuralTag(parser, required)).toMatchObject({ ok: true, structuralTag: { format: { type: 'grammar' } } });
    const chat = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), { messages: request.messages });
    expect(toStructuralTag(chat)).toEqual({ ok: true, structuralTag: { type: 'structural_tag', format: { type: 'any_text' } } });
  });

  it('says why when the grammar starts at a regular expression', () => {
    const parser = createChatParser(sharedTemplate('openai-gpt-oss-120b'), request);
    expect(toStructuralTag(parser, request)).toMatchObject({ ok: false, code: 'pattern-trigger' });
  });
});

describe('toSchemaStructuralTag', () => {
  it('opens a tag per tool: the call up to its arguments, the JSON schema, the rest of the call', () => {
    const result = toSchemaStructuralTag(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), { ...request, parallel_tool_calls: false });
    expect(result).toEqual({
      ok: true,
      structuralTag: {
        type: 'structural_tag',
        format: {
          type: 'triggered_tags',
          triggers: ['<tool_call>\n'],
          tags: [{ type: 'tag', begin: '<tool_call>\n{"name": "get_weather", "arguments": ', content: { type: 'json_schema', json_schema: WEATHER.function.parameters }, end: '}\n</tool_call>' }],
          stop_after_first: true,
        },
      },
    });
  });

  it('says why when the calls write no JSON arguments', () => {
    expect(toSchemaStructuralTag(sharedTemplate('Qwen3-Coder'), request)).toMatchObject({ ok: false, code: 'no-call-syntax' });
    expect(functionCallSyntax(sharedTemplate('Qwen3-Coder'))).toMatchObject({ ok: false, code: 'arguments-not-json' });
    expect(functionCallSyntax(sharedTemplate('google-gemma-2-2b-it'))).toMatchObject({ ok: false, code: 'no-tool-calls' });
  });
});
