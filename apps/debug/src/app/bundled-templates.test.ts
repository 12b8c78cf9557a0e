import { readdirSync, readFileSync } from 'node:fs';
import { createChatParser } from '@autoparser/core';
import { analyzeTemplate } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TEMPLATES } from './bundled-templates.js';
import { DEFAULT_REQUEST } from './read-request.js';

/** The shared template collection beside the repository, where the bundled copies come from. */
const SHARED = new URL('../../../../../shared/templates/', import.meta.url);
const ORIGIN = readFileSync(new URL('../../templates/ORIGIN.md', import.meta.url), 'utf8');
/** Where the repository keeps chat templates the apps ship. */
const DIRS = [new URL('../../templates/', import.meta.url), new URL('../../../cli/examples/', import.meta.url)];

describe('bundled templates', () => {
  it('opens with Qwen3-Coder and bundles a handful of real templates', () => {
    expect(BUNDLED_TEMPLATES[0]?.name).toBe('Qwen3-Coder');
    expect(BUNDLED_TEMPLATES.length).toBeGreaterThanOrEqual(5);
  });

  it('bundles the CLI example itself: the repository holds one copy of each template', () => {
    const cliExample = readFileSync(new URL('Qwen3-Coder.jinja', DIRS[1]), 'utf8');
    expect(BUNDLED_TEMPLATES.find((t) => t.name === 'Qwen3-Coder')?.source).toBe(cliExample);
    const files = DIRS.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.jinja')).map((f) => ({ f, text: readFileSync(new URL(f, dir), 'utf8') })));
    expect(new Set(files.map((x) => x.f)).size, 'a file name in both folders').toBe(files.length);
    expect(new Set(files.map((x) => x.text)).size, 'the same template twice').toBe(files.length);
    expect(files.map((x) => x.f.slice(0, -'.jinja'.length)).sort()).toEqual(BUNDLED_TEMPLATES.map((t) => t.name).sort());
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
