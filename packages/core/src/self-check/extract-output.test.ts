import { describe, expect, it } from 'vitest';
import { createChatParser, renderParamsOf } from '../create-chat-parser.js';
import { sharedTemplate } from '../test-templates.js';
import { CHECK_CONVERSATION } from './check-scenarios.js';
import { checkTemplate } from './check-template.js';
import { extractOutput } from './extract-output.js';

const request = { messages: CHECK_CONVERSATION };
const cut = (template: string, answer: Parameters<typeof extractOutput>[2], assistantStart?: string) => {
  const parser = createChatParser(template, request);
  return extractOutput(template, renderParamsOf(request), answer, { ...parser, assistantStart });
};

describe('extractOutput', () => {
  it('cuts the answer out before a trailer the template writes after the conversation (Command R+)', () => {
    const out = cut(sharedTemplate('CohereForAI-c4ai-command-r-plus-tool_use'), { role: 'assistant', content: 'Hi there.' });
    // The instruction turn the template appends after every conversation is not the model's.
    expect(out).toEqual({ ok: true, output: 'Hi there.' });
  });

  it('closes reasoning the generation prompt opened when the turn shows none (MiniMax-M2)', () => {
    const out = cut(sharedTemplate('MiniMax-M2'), { role: 'assistant', content: 'Hi there.' });
    expect(out).toEqual({ ok: true, output: '</think>Hi there.' });
  });

  it('continues after a preamble the generation prompt writes into the reasoning (Apriel)', () => {
    const template = sharedTemplate('Apriel-1.6-15b-Thinker-fixed');
    expect(cut(template, { role: 'assistant', reasoning_content: 'Greet back.', content: 'Hi there.' })).toEqual({
      ok: true,
      output: 'Greet back.\n[BEGIN FINAL RESPONSE]\nHi there.',
    });
    // Without reasoning, the model closes the block at once.
    expect(cut(template, { role: 'assistant', content: 'Hi there.' })).toEqual({ ok: true, output: '[BEGIN FINAL RESPONSE]Hi there.' });
  });

  it('handles a template that always writes its generation prompt (RWKV World)', () => {
    const out = cut(sharedTemplate('llama-cpp-rwkv-world'), { role: 'assistant', content: 'Hi there.' });
    expect(out).toEqual({ ok: true, output: '</think>Hi there.' });
  });

  it('drops the assistant header a template writes even without a generation prompt (Solar Open)', () => {
    const answer = {
      role: 'assistant' as const,
      content: null,
      tool_calls: [{ id: 'a1b2c3d4e5', type: 'function' as const, function: { name: 'f', arguments: '{}' } }],
    };
    const template = sharedTemplate('upstage-Solar-Open-100B');
    const out = cut(template, answer, '<|begin|>assistant');
    expect(out.ok && out.output.endsWith('<|calls|>')).toBe(true);
  });

  it('still fails, saying where, when the answer leaves the prompt for another reason', () => {
    const template = "{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}{% if add_generation_prompt %}[assistant]Answer:{% endif %}";
    const out = cut(template, { role: 'assistant', content: 'Hi there.' });
    expect(out.ok).toBe(false);
    expect(out.ok ? '' : out.reason).toMatch(/^the rendered answer does not follow the prompt: at \d+ the prompt has/);
  });
});

describe('extractOutput with thinking switched off', () => {
  it('reads the content after the empty block the generation prompt closes (QwQ)', () => {
    const template = sharedTemplate('Qwen-QwQ-32B');
    const off = { messages: CHECK_CONVERSATION, enable_thinking: false };
    const parser = createChatParser(template, off);
    const out = extractOutput(template, renderParamsOf(off), { role: 'assistant', content: 'Hi there.' }, parser);
    expect(parser.generationPrompt).toMatch(/<think>\s*<\/think>\s*$/);
    expect(out).toEqual({ ok: true, output: 'Hi there.' });
  });
});

describe('extractOutput when earlier turns reflow once the answer follows', () => {
  it('finds the answer after the generation prompt (Hermes 2 Pro after a tool result)', () => {
    const template = sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use');
    const messages = [
      ...CHECK_CONVERSATION,
      { role: 'assistant' as const, content: null, tool_calls: [{ id: 'call00001', type: 'function' as const, function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool' as const, tool_call_id: 'call00001', content: 'done' },
    ];
    const parser = createChatParser(template, { messages });
    expect(extractOutput(template, renderParamsOf({ messages }), { role: 'assistant', content: 'Hi there.' }, parser)).toEqual({ ok: true, output: 'Hi there.' });
  });
});

describe('extractOutput when only layout whitespace differs', () => {
  it('reads the answer after the prompt\'s last character (untrimmed templates)', () => {
    // The generation prompt ends with a newline; a finished turn puts spaces there instead.
    const template = "{% for m in messages %}<|{{ m.role }}|>   {{ m.content }}{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}";
    expect(cut(template, { role: 'assistant', content: 'Hi there.' })).toEqual({ ok: true, output: 'Hi there.' });
  });
});

describe('checkTemplate on templates with unusual turn layouts', () => {
  it.each([
    ['Apriel-1.6-15b-Thinker-fixed'],
    ['ByteDance-Seed-OSS'],
    ['MiniMax-M2'],
    ['llama-cpp-rwkv-world'],
    ['upstage-Solar-Open-100B'],
  ])('%s passes what it can express', (name) => {
    const report = checkTemplate(sharedTemplate(name), { scenarios: ['content', 'reasoning + content', 'thinking off', 'tool call', 'parallel tool calls'] });
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
  });
});

describe('extractOutput when earlier text moves once a turn follows', () => {
  it('cuts the answer where it parts from a probe answer when only text before the last message moved', () => {
    // The system prompt goes into the last user turn only, as some Mistral templates do.
    const template =
      "{% set sys = messages[0].content if messages[0].role == 'system' else 'Be brief.' %}{% for m in messages if m.role != 'system' %}" +
      "{% if m.role == 'user' %}[INST]{% if loop.last %}{{ sys }}\n\n{% endif %}{{ m.content }}[/INST]{% else %}{{ m.content }}</s>{% endif %}{% endfor %}";
    const parser = createChatParser(template, { messages: [{ role: 'user', content: 'Hello' }] });
    const out = extractOutput(template, renderParamsOf({ messages: [{ role: 'user', content: 'Hello' }] }), { role: 'assistant', content: 'Hi there.' }, parser);
    expect(out).toEqual({ ok: true, output: 'Hi there.' });
  });

  it('does not cut when the last message itself renders differently', () => {
    const template =
      "{% for m in messages %}{% if m.role == 'user' %}{% if loop.last %}<sys>{{ m.content }}</sys>{% else %}[INST]{{ m.content }}[/INST]{% endif %}{% else %}{{ m.content }}</s>{% endif %}{% endfor %}";
    const parser = createChatParser(template, { messages: [{ role: 'user', content: 'Hello' }] });
    const out = extractOutput(template, renderParamsOf({ messages: [{ role: 'user', content: 'Hello' }] }), { role: 'assistant', content: 'Hi there.' }, parser);
    expect(out.ok).toBe(false);
    expect(out.ok ? undefined : out.skip).toBeUndefined();
  });
});

describe('extractOutput when the template writes the answer without a turn opener', () => {
  it('skips, saying so, when the answer follows the conversation without the generation prompt', () => {
    // A turn without content gets no header, as Falcon 3 writes tool-call turns.
    const template =
      "{% for m in messages %}{% if m.role == 'user' %}<|user|>\n{{ m.content }}\n{% elif m.content %}<|assistant|>\n{{ m.content }}</s>\n{% else %}{{ m.tool_calls | tojson }}</s>\n{% endif %}{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}";
    const request = { messages: [{ role: 'user' as const, content: 'Hello' }] };
    const parser = createChatParser(template, request);
    const answer = {
      role: 'assistant' as const,
      content: null,
      tool_calls: [{ id: 'a1b2c3d4e5', type: 'function' as const, function: { name: 'f', arguments: '{}' } }],
    };
    const out = extractOutput(template, renderParamsOf(request), answer, parser);
    expect(out).toEqual({ ok: false, skip: true, reason: 'the template writes this answer without the turn opener "<|assistant|>" its generation prompt writes' });
    // A turn with content keeps its header and is cut as usual.
    expect(extractOutput(template, renderParamsOf(request), { role: 'assistant', content: 'Hi there.' }, parser)).toEqual({ ok: true, output: 'Hi there.' });
  });
});
