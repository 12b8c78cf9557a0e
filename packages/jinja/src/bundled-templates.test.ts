// Templates that are valid Jinja2 but that `@huggingface/jinja` alone cannot lex render
// exactly as Python Jinja2 rendered them (test/templates/ORIGIN.md says how).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderJinja } from './render-jinja.js';

const DIR = new URL('../test/templates/', import.meta.url);

interface Expected {
  readonly template: string;
  readonly cases: readonly { readonly name: string; readonly variables: Record<string, unknown>; readonly prompt: string }[];
}

const expected = JSON.parse(
  readFileSync(new URL('mistralai-Mistral-Small-3.1-24B-Instruct-2503.expected.json', DIR), 'utf8'),
) as Expected;
const source = readFileSync(new URL(expected.template, DIR), 'utf8');

describe(expected.template, () => {
  it('is the bundled copy with its line-continued string literals', () => {
    expect(source.length).toBe(6660);
    expect(source).toContain('headquartered in Paris.\\\nYour knowledge base');
  });

  for (const { name, variables, prompt } of expected.cases) {
    it(`renders as Jinja2 does: ${name}`, () => {
      expect(renderJinja(source, variables, { now: new Date('2026-11-21T12:00:00Z') })).toBe(prompt);
    });
  }
});
