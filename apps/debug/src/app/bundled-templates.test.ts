import { readFileSync } from 'node:fs';
import { createChatParser } from '@autoparser/core';
import { analyzeTemplate } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TEMPLATES } from './bundled-templates.js';
import { DEFAULT_REQUEST } from './read-request.js';

/** The shared template collection beside the repository, where the bundled copies come from. */
const SHARED = new URL('../../../../../shared/templates/', import.meta.url);
const ORIGIN = readFileSync(new URL('../../templates/ORIGIN.md', import.meta.url), 'utf8');

describe('bundled templates', () => {
  it('opens with Qwen3-Coder and bundles a handful of real templates', () => {
    expect(BUNDLED_TEMPLATES[0]?.name).toBe('Qwen3-Coder');
    expect(BUNDLED_TEMPLATES.length).toBeGreaterThanOrEqual(5);
  });

  it.each(BUNDLED_TEMPLATES.map((t) => [t.name, t] as const))('%s is a byte-exact copy named in ORIGIN.md', (name, template) => {
    expect(template.source).toBe(readFileSync(new URL(`${name}.jinja`, SHARED), 'utf8'));
    expect(ORIGIN).toContain(`\`${name}.jinja\``);
  });

  it.each(BUNDLED_TEMPLATES.map((t) => [t.name, t] as const))('%s analyses to a tool-call format, and its examples parse', (_name, template) => {
    expect(analyzeTemplate(template.source).tools.format.mode).not.toBe('NONE');
    expect(template.examples.length).toBeGreaterThan(0);
    const parser = createChatParser(template.source, DEFAULT_REQUEST);
    for (const example of template.examples) {
      const message = parser.parse(example.output);
      expect(message.warnings?.filter((w) => w.code === 'unparsed') ?? [], example.label).toEqual([]);
      if (example.label.includes('tool call')) {
        expect(message.tool_calls?.map((c) => c.function.name), example.label).toEqual(['get_weather']);
        expect(JSON.parse(message.tool_calls?.[0]?.function.arguments ?? ''), example.label).toEqual({ location: 'Paris', days: 3 });
      } else {
        expect(message.tool_calls ?? [], example.label).toEqual([]);
        expect(message.content, example.label).toContain('Hello! How can I help?');
      }
    }
  });
});
