import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { accumulateDeltas } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import { builtinPlugins, type WorkaroundPlugin } from '@autoparser/workarounds';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest } from './chat-request.js';
import { createChatParser } from './create-chat-parser.js';
import { analyzeTemplate, renderPrompt } from './default-plugins.js';
import { grammarStart } from './grammar-start.js';
import { replayStream } from './replay-stream.js';

// The worked example of the workarounds README: a plugin module and a template of its family.
const fixture = (name: string): string => fileURLToPath(new URL(`../../workarounds/examples/${name}`, import.meta.url));
const template = readFileSync(fixture('acme.jinja'), 'utf8');
const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  },
];
const request: ChatRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools };
const output = '<reflect>The user wants weather.</reflect>Let me look.\nCALL get_weather {"location": "Paris"}';

let acme: WorkaroundPlugin;
beforeAll(async () => {
  // Loaded from a folder outside the repository, as a user's plugin module would be.
  const dir = mkdtempSync(join(tmpdir(), 'autoparser-plugin-'));
  copyFileSync(fixture('acme-plugin.mjs'), join(dir, 'acme-plugin.mjs'));
  const loaded = (await import(pathToFileURL(join(dir, 'acme-plugin.mjs')).href)) as { default: WorkaroundPlugin };
  acme = loaded.default;
});

describe('a user plugin through createChatParser alone', () => {
  it('changes rendering: its source patch lets the template render tools', () => {
    expect(() => createChatParser(template, request)).toThrow(/tools are not supported/);
    const parser = createChatParser(template, request, { plugins: [acme, ...builtinPlugins] });
    expect(parser.prompt).toBe('<|acme|><|user|>Weather in Paris?\n<|assistant|>');
    expect(renderPrompt(template, { messages: request.messages, tools: request.tools ?? null }, { plugins: [acme] }).generationPrompt).toBe('<|assistant|>');
  });

  it('changes the analysis, and the cache keeps analyses with and without it apart', () => {
    expect(analyzeTemplate(template, { plugins: [acme] }).reasoning).toEqual({ mode: 'TAG_BASED', start: '<reflect>', end: '</reflect>' });
    expect(analyzeTemplate(template, { plugins: [acme] }).appliedPlugins).toEqual(['acme']);
    expect(analyzeTemplate(template).reasoning.mode).toBe('NONE');
    // Same name, other code: a different analysis, not a cache hit.
    const other: WorkaroundPlugin = { ...acme, patchAnalysis: (a) => ({ ...a, reasoning: { mode: 'TAG_BASED', start: '<r>', end: '</r>' } }) };
    expect(analyzeTemplate(template, { plugins: [other] }).reasoning.start).toBe('<r>');
  });

  it('changes parsing and the grammar: its format handler reads CALL lines', () => {
    const parser = createChatParser(template, request, { plugins: [acme] });
    expect(parser.formatPlugin).toBe('acme');
    expect(parser.thinkingStartTag).toBe('<reflect>');
    const message = parser.parse(output);
    expect(message).toMatchObject({ role: 'assistant', content: 'Let me look.\n', reasoning_content: 'The user wants weather.' });
    expect(message.tool_calls?.map((c): [string, unknown] => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([['get_weather', { location: 'Paris' }]]);
    expect(parser.grammarLazy).toBe(true);
    const text = parser.generationPrompt + output;
    const from = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length);
    expect(from).toBe(text.indexOf('CALL '));
    expect(matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status).toBe('accepted');
    expect(matchGbnf(parseGbnf(parser.grammar), 'CALL get_weather {"city": 1}').status).not.toBe('accepted');
  });

  it('streams what it parses', () => {
    const parser = createChatParser(template, request, { plugins: [acme] });
    const replay = replayStream(parser.stream(), output, 3);
    const streamed = accumulateDeltas(replay.deltas.map((d) => d.delta));
    expect(streamed).toEqual(parser.parse(output));
  });

  it('costs only the grammar, with a warning naming it, when its trigger pattern is no regular expression', () => {
    const broken: WorkaroundPlugin = {
      ...acme,
      format: (context) => {
        const format = acme.format?.(context);
        return format?.grammar ? { ...format, grammar: { ...format.grammar, triggers: [{ type: 'pattern', value: 'CALL (' }] } } : format;
      },
    };
    const parser = createChatParser(template, request, { plugins: [broken] });
    expect(parser.grammar).toBe('');
    expect(parser.grammarTriggers).toEqual([]);
    expect(parser.warnings.join('\n')).toMatch(/no grammar: grammar trigger 0 \(pattern "CALL \("\) is not a valid regular expression/);
    // Parsing does not depend on the grammar.
    expect(parser.parse(output).tool_calls?.[0]?.function.name).toBe('get_weather');
  });

  it('is passed over for templates it does not match', () => {
    const plain = '{% for m in messages %}{{ m.content }}{% endfor %}';
    expect(createChatParser(plain, request, { plugins: [acme] }).formatPlugin).toBeUndefined();
  });
});
