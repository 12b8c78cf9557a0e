// The caches as a user sees them: through core's entry point and the README's table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinPlugins, cacheStats, clearCaches, compileTemplate, createChatParser, type CacheStats, type ChatRequest, type WorkaroundPlugin } from './index.js';
import { sharedTemplate } from './test-templates.js';

const request: ChatRequest = {
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'object' } }, required: ['location'] } },
    },
  ],
};

const stats = (name: string): CacheStats | undefined => cacheStats().find((c) => c.name === name);

describe('caches', () => {
  it('compile a template once for repeated createChatParser calls, and analyse and probe it once', () => {
    const template = sharedTemplate('Qwen3-Coder');
    // A plugin that counts what the compiled template does: analyses (patchAnalysis runs once
    // per analysis) and probe renders (adjustMessages sees every conversation rendered).
    let analyses = 0;
    const rendered: string[] = [];
    const counter: WorkaroundPlugin = {
      name: 'counter',
      description: 'counts analyses and renders',
      matches: () => true,
      patchAnalysis: (analysis) => {
        analyses++;
        return analysis;
      },
      render: {
        adjustMessages: (messages) => {
          rendered.push(JSON.stringify(messages));
          return [...messages];
        },
      },
    };
    const plugins = Object.freeze([counter, ...builtinPlugins]);
    clearCaches();
    const probes = (): number[] => [rendered.filter((r) => r.includes('AUTOPARSER_END_OF_TURN_MARKER_PROBE')).length, rendered.filter((r) => r.includes('probe_tool')).length];
    const first = createChatParser(template, request, { plugins });
    // Qwen3-Coder writes tagged parameters: both probes (end of turn, Python containers) run.
    expect(first.formatPlugin).toBeUndefined();
    expect(compileTemplate(template, { plugins }).analysis.tools.format.mode).toBe('TAG_WITH_TAGGED');
    const afterFirst = probes();
    expect(afterFirst.every((n) => n > 0)).toBe(true);
    const parsers = [first, createChatParser(template, request, { plugins }), createChatParser(template, request, { plugins })];
    expect(new Set(parsers.map((p) => p.grammar)).size).toBe(1);
    expect(stats('compiled-chat-templates')).toMatchObject({ misses: 1, hits: 3, size: 1 });
    expect(analyses).toBe(1);
    expect(probes()).toEqual(afterFirst);
  });

  it('share one generated parser between requests that differ only in their conversation', () => {
    clearCaches();
    const compiled = compileTemplate(sharedTemplate('Qwen3-Coder'));
    const first = compiled.parserFor(request);
    const later = compiled.parserFor({ ...request, messages: [...request.messages, { role: 'assistant', content: 'Sunny.' }, { role: 'user', content: 'And Rome?' }] });
    expect(later.arena).toBe(first.arena);
    expect(later.prompt).not.toBe(first.prompt);
    // Anything the parser depends on makes its own.
    expect(compiled.parserFor({ ...request, parallel_tool_calls: true }).arena).not.toBe(first.arena);
    expect(compiled.parserFor({ ...request, strict: true }).arena).not.toBe(first.arena);
    expect(compiled.parserFor(request, { recoveries: { disable: ['marker-whitespace'] } }).arena).not.toBe(first.arena);
    expect(compiled.parserFor(request).arena).toBe(first.arena);
  });

  it('keep the analyses of different templates apart, and forget them on clearCaches', () => {
    clearCaches();
    const a = createChatParser(sharedTemplate('Qwen3-Coder'), request);
    const b = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), request);
    expect(a.grammar).not.toBe(b.grammar);
    expect(stats('compiled-chat-templates')).toMatchObject({ misses: 2, hits: 0, size: 2 });
    clearCaches();
    expect(cacheStats().every((c) => c.size === 0 && c.hits === 0 && c.misses === 0)).toBe(true);
  });

  it('are exactly the ones the README lists, with their keys and limits', () => {
    createChatParser(sharedTemplate('Qwen3-Coder'), request);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Caches'), readme.indexOf('### Feedback script'));
    const rows = [...section.matchAll(/^\| `([\w-]+)` \| [^|]+ \| ([^|]+) \| (\d+) \|$/gmu)].map((m) => [m[1], m[2]?.trim(), Number(m[3])]);
    const live = cacheStats().map((c) => [c.name, c.key, c.limit]);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    expect([...live].sort()).toEqual([...rows].sort());
  });
});
