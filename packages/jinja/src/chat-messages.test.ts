import { describe, expect, it } from 'vitest';
import { shapeMessages, type MessageShaping } from './chat-messages.js';
import { TemplateRenderError } from './errors.js';
import type { ChatMessage } from './render-params.js';
import { thrown } from './test-support/engine.js';

const TEXT_ARGS: MessageShaping = {
  objectArguments: false,
  systemRole: true,
  stringContent: true,
  typedContent: false,
  developerAsSystem: true,
};

const call: ChatMessage = {
  role: 'assistant',
  content: null,
  tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a": 1}' } }],
};

describe('message shaping', () => {
  it('gives every message a content and drops empty optional fields', () => {
    expect(shapeMessages([{ role: 'user', content: null, name: '', reasoning_content: '' }], TEXT_ARGS)).toEqual([
      { role: 'user', content: '' },
    ]);
  });

  it('keeps tool-call arguments as JSON text for templates that print them', () => {
    expect(shapeMessages([call], TEXT_ARGS)[0]).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"a": 1}' }, id: 'c1' }],
    });
  });

  it('parses tool-call arguments into objects for templates that iterate them', () => {
    const shaped = shapeMessages([call], { ...TEXT_ARGS, objectArguments: true });
    expect(shaped[0]?.tool_calls).toEqual([{ type: 'function', function: { name: 'f', arguments: { a: 1 } }, id: 'c1' }]);
  });

  it('serialises object arguments compactly when the template wants text', () => {
    const objectArgs: ChatMessage = { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: { a: [1, 2] } } }] };
    expect(shapeMessages([objectArgs], TEXT_ARGS)[0]?.tool_calls).toEqual([{ type: 'function', function: { name: 'f', arguments: '{"a":[1,2]}' } }]);
  });

  it('rejects arguments that are not JSON when objects are needed', () => {
    const bad: ChatMessage = { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: '{oops' } }] };
    const error = thrown(() => shapeMessages([bad], { ...TEXT_ARGS, objectArguments: true }));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('invalid-params');
  });

  it('maps developer to system, and merges a system message the template cannot show', () => {
    const messages: ChatMessage[] = [
      { role: 'developer', content: 'Be kind.' },
      { role: 'user', content: 'Hi' },
    ];
    expect(shapeMessages(messages, TEXT_ARGS).map((m) => m.role)).toEqual(['system', 'user']);
    expect(shapeMessages(messages, { ...TEXT_ARGS, systemRole: false })).toEqual([{ role: 'user', content: 'Be kind.\nHi' }]);
  });

  it('flattens content parts for string-only templates and wraps strings for parts-only ones', () => {
    const parts: ChatMessage = { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] };
    expect(shapeMessages([parts], TEXT_ARGS)[0]?.content).toBe('a\nb');
    const partsOnly = { ...TEXT_ARGS, stringContent: false, typedContent: true };
    expect(shapeMessages([{ role: 'user', content: 'a' }], partsOnly)[0]?.content).toEqual([{ type: 'text', text: 'a' }]);
  });
});
