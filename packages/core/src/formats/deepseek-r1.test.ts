import { readFileSync, readdirSync } from 'node:fs';
import { deepseekR1Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, functionTool, grammarAccepts, grammarVerdict, streamedMessage, streamedMessageAppendOnly, wordTriggers } from './format-test-support.js';

const request = chatRequestBuilder(
  [functionTool('get_weather', { location: { type: 'string' } }, ['location']), functionTool('Read', { file_path: { type: 'string' } }, ['file_path'])],
  { reasoning_format: 'deepseek', enable_thinking: true },
);

const TOKYO = '{"location": "Tokyo"}';
const FILE = '{"file_path": "/a.txt"}';
const call = (name: string, args: string): string =>
  `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`;
/** Format 1 exactly as the templates render it. */
const CANONICAL = `<｜tool▁calls▁begin｜>${call('get_weather', TOKYO)}<｜tool▁calls▁end｜>`;
const PARALLEL = `<｜tool▁calls▁begin｜>${call('get_weather', TOKYO)}\n${call('Read', FILE)}<｜tool▁calls▁end｜>`;

/** Variants R1 models write inside a tool-call section: parsed, not asked for by the grammar. */
const VARIANTS: Record<string, string> = {
  'newlines between the markers': `<｜tool▁calls▁begin｜>\n<｜tool▁call▁begin｜>\nfunction<｜tool▁sep｜>get_weather\n\`\`\`json\n${TOKYO}\n\`\`\`\n<｜tool▁call▁end｜>\n<｜tool▁calls▁end｜>`,
  'no call start': `<｜tool▁calls▁begin｜>function<｜tool▁sep｜>get_weather\n\`\`\`json\n${TOKYO}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  'no end markers': `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n\`\`\`json\n${TOKYO}\n\`\`\``,
  'section start with underscores': `<｜tool_calls_begin｜>${call('get_weather', TOKYO)}<｜tool▁calls▁end｜>`,
  'section start with spaces': `<｜tool calls begin｜>${call('get_weather', TOKYO)}<｜tool▁calls▁end｜>`,
  'section start with escaped underscores': `<｜tool\\_calls\\_begin｜>${call('get_weather', TOKYO)}<｜tool▁calls▁end｜>`,
  'short section start': `<｜tool▁calls｜>${call('get_weather', TOKYO)}<｜tool▁calls▁end｜>`,
  'function<NAME> instead of the separator (format 2)': `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<get_weather>\n\`\`\`json\n${TOKYO}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
};

/** The forms without R1's section marker that ik_llama.cpp documents: recovered, never asked for. */
const SECTIONLESS: Record<string, [string, string[]]> = {
  'a bare function<NAME> block (format 2)': [`Let me check.\nfunction<get_weather>\n\`\`\`json\n${TOKYO}\n\`\`\``, ['get_weather']],
  'a tools array (format 3)': [
    `Let me check.\nfunction\n\`\`\`json\n{"tools": [{"name": "get_weather", "arguments": ${TOKYO}}, {"name": "Read", "arguments": ${FILE}}]}\n\`\`\``,
    ['get_weather', 'Read'],
  ],
  'functionNAME and a fenced block (format 4)': [`Let me check.\nfunctionRead\n\`\`\`json\n${FILE}\n\`\`\``, ['Read']],
};

/** Format 4: the call wrapped in `<tool_call>`, the reasoning's end tag inside the wrapper. */
const XML_WRAPPED = `Reading the file first.<tool_call>\nfunction</think>Read\n\`\`\`json\n${FILE}\n\`\`\`\n</tool_call>`;

/** Prose that mentions functions is no call. */
const PROSE = 'The function<get_weather> helper and functionRead both take JSON: ```json\n{"x": 1}\n```';

const R1_TEMPLATES = ['llama-cpp-deepseek-r1', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', 'deepseek-ai-DeepSeek-R1-Distill-Llama-8B'];

const weatherCall = { type: 'function', function: { name: 'get_weather', arguments: TOKYO } };

describe.each(R1_TEMPLATES)('DeepSeek R1 tool calls with %s', (name) => {
  const template = sharedTemplate(name);
  const parser = createChatParser(template, request());

  it('uses the deepseek-r1 format, triggered by the section start', () => {
    expect(deepseekR1Plugin.matches(template)).toBe(true);
    expect(parser.formatPlugin).toBe('deepseek-r1');
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, '<｜tool▁calls▁begin｜>'));
  });

  it('reads the rendered form (format 1), single and parallel, and its grammar accepts it', () => {
    expect(parser.parse(`Thought.</think>Sure.${CANONICAL}`)).toEqual({
      role: 'assistant',
      reasoning_content: 'Thought.',
      content: 'Sure.',
      tool_calls: [weatherCall],
    });
    expect(parser.parse(`Thought.</think>${PARALLEL}`).tool_calls).toEqual([
      weatherCall,
      { type: 'function', function: { name: 'Read', arguments: FILE } },
    ]);
    expect(grammarAccepts(parser, `Thought.</think>Sure.${CANONICAL}`)).toBe(true);
    expect(grammarAccepts(parser, `Thought.</think>${PARALLEL}`)).toBe(true);
  });

  it.each(Object.entries(VARIANTS))('parses the variant with %s, streaming it unchanged, while the grammar keeps to the rendered form', (_, variant) => {
    const output = `Thought.</think>${variant}`;
    const { warnings, ...message } = parser.parse(output);
    expect(message).toEqual({ role: 'assistant', reasoning_content: 'Thought.', content: '', tool_calls: [weatherCall] });
    expect(warnings?.map((w) => w.code)).toEqual(['recovered']);
    expect(streamedMessage(parser, output)).toEqual(message);
    expect(grammarAccepts(parser, output)).toBe(false);
  });

  it.each(Object.entries(VARIANTS))('reports the variant with %s as a recovery, which strict mode does not make', (name, variant) => {
    const output = `Thought.</think>${variant}`;
    expect(parser.parse(output).warnings?.map((w) => [w.code, w.rule])).toEqual([['recovered', 'marker-variant']]);
    const strict = createChatParser(template, request({ strict: true })).parse(output);
    expect(strict.warnings?.some((w) => w.code === 'recovered') ?? false).toBe(false);
    // Output that merely stops early is read as truncated in either mode; the rest stays content.
    if (name === 'no end markers') expect(strict.warnings?.map((w) => w.code)).toEqual(['truncated']);
    else expect(strict.tool_calls).toBeUndefined();
  });

  it.each(Object.entries(SECTIONLESS))('recovers %s, streaming it unchanged, while the grammar keeps to the rendered form', (_, [text, names]) => {
    const output = `Thought.</think>${text}`;
    const message = parser.parse(output);
    expect(message.content).toBe('Let me check.\n');
    expect(message.tool_calls?.map((c) => c.function.name)).toEqual(names);
    expect(message.warnings?.map((w) => [w.code, w.rule])).toEqual([['recovered', 'missing-call-opener']]);
    expect(streamedMessage(parser, output)).toEqual({ ...message, warnings: undefined });
    expect(grammarAccepts(parser, output)).toBe(false);
    const strict = createChatParser(template, request({ strict: true }));
    expect(strict.parse(output)).toEqual({ role: 'assistant', reasoning_content: 'Thought.', content: text });
  });

  it('recovers the XML-wrapped call (format 4), ending the reasoning where the wrapper starts', () => {
    const { warnings, ...message } = parser.parse(XML_WRAPPED);
    expect(message).toEqual({
      role: 'assistant',
      reasoning_content: 'Reading the file first.',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'Read', arguments: FILE } }],
    });
    expect(warnings?.map((w) => w.rule)).toEqual(['missing-call-opener', 'missing-call-opener']);
    expect(streamedMessageAppendOnly(parser, XML_WRAPPED)).toEqual(message);
    expect(grammarAccepts(parser, XML_WRAPPED)).toBe(false);
    expect(createChatParser(template, request({ strict: true })).parse(XML_WRAPPED).tool_calls).toBeUndefined();
  });

  it('leaves prose that mentions functions as content', () => {
    expect(parser.parse(`Thought.</think>${PROSE}`)).toEqual({ role: 'assistant', reasoning_content: 'Thought.', content: PROSE });
  });

  it('streams the rendered form without retracting', () => {
    const output = `Thought.</think>Sure.${PARALLEL}`;
    expect(streamedMessageAppendOnly(parser, output)).toEqual(parser.parse(output));
  });

  it('asks for the rendered form only when a call is required', () => {
    const required = createChatParser(template, request({ tool_choice: 'required', parallel_tool_calls: false }));
    expect(required.grammarLazy).toBe(false);
    const output = `Thought.</think>${CANONICAL}`;
    expect(grammarVerdict(required, output)).toBe('accepted');
    expect(required.parse(output).tool_calls).toEqual([weatherCall]);
    expect(required.parse(`Thought.</think>${VARIANTS['short section start']}`).tool_calls).toBeUndefined();
  });
});

describe('DeepSeek R1 templates keep their other behaviour', () => {
  it('leaves requests without tools to the general format', () => {
    const plain = createChatParser(sharedTemplate('llama-cpp-deepseek-r1'), request({ tools: [] }));
    expect(plain.formatPlugin).toBeUndefined();
    const message = plain.parse("I'm\nthinking</think>Hello");
    expect(message.content).toBe('Hello');
    // The general format keeps the prompt's newline after <think>, as the reference does.
    expect(message.reasoning_content?.trim()).toBe("I'm\nthinking");
  });

  it('passes the self-check where the template has a tool-call format', () => {
    for (const name of ['llama-cpp-deepseek-r1', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B']) {
      expect(checkTemplate(sharedTemplate(name))).toMatchObject({ failed: 0 });
    }
  });

  it('leaves DeepSeek V3.1 (name before the separator, no fence) to the general format', () => {
    const v31 = createChatParser(sharedTemplate('deepseek-ai-DeepSeek-V3.1'), request());
    expect(v31.formatPlugin).toBeUndefined();
    const native = `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>${TOKYO}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
    expect(v31.parse(`Thought.</think>${native}`).tool_calls).toEqual([weatherCall]);
  });

  it('matches only the templates that render R1 calls', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const matched = readdirSync(dir)
      .filter((f) => f.endsWith('.jinja') && deepseekR1Plugin.matches(readFileSync(new URL(f, dir), 'utf8')))
      .map((f) => f.replace(/\.jinja$/, ''));
    expect(matched.sort()).toEqual([...R1_TEMPLATES].sort());
  });
});
