import { analyzeTemplate } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { summarizeAnalysis } from './analysis-summary.js';
import { bundledTemplate } from './bundled-templates.js';

const source = (name: string): string => bundledTemplate(name)?.source ?? '';

describe('summarizeAnalysis', () => {
  it('lists the modes and the markers found, quoted, leaving out empty ones', () => {
    const summary = summarizeAnalysis(analyzeTemplate(source('Qwen3-Coder')));
    expect(summary.modes).toContainEqual(['tool calls', 'TAG_WITH_TAGGED']);
    expect(summary.markers).toContainEqual(['function name prefix', '"<function="']);
    expect(summary.markers.every(([, value]) => value !== '""')).toBe(true);
    expect(summary.preservedTokens).toContain('<tool_call>');
    expect(summary.capabilities).toContainEqual(['tool_calls', 'yes']);
  });

  it('adds the JSON field names of JSON tool calls', () => {
    const summary = summarizeAnalysis(analyzeTemplate(source('mistralai-Mistral-Nemo-Instruct-2407')));
    expect(summary.modes).toContainEqual(['tool calls', 'JSON_NATIVE']);
    expect(summary.markers).toContainEqual(['name field', '"name"']);
  });

  it('lists the warnings of a template that does not render', () => {
    const summary = summarizeAnalysis(analyzeTemplate('{% for m in messages %}{{ m.content }'));
    expect(summary.warnings.map(([phase]) => phase)).toEqual(['render']);
  });
});
