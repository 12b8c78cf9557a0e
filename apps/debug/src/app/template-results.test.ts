import { describe, expect, it } from 'vitest';
import { bundledTemplate } from './bundled-templates.js';
import { DEFAULT_REQUEST } from './read-request.js';
import { buildParser, reportTemplate } from './template-results.js';

const BROKEN = '{%- for m in messages -%}\n{{ m.content }\n{%- endfor -%}\n';

describe('reportTemplate', () => {
  it('traces the analysis and runs the self-check', () => {
    const report = reportTemplate(bundledTemplate('Qwen-Qwen3-0.6B')?.source ?? '');
    expect(report.trace.ok && report.trace.value.steps.map((s) => s.id)).toContain('T1');
    expect(report.check.ok && report.check.value.scenarios.map((s) => s.name)).toEqual([
      'content',
      'reasoning + content',
      'thinking off',
      'tool call',
      'typed arguments',
      'parallel tool calls',
      'tool_choice required',
      'tool_choice named',
      'response schema',
      'answer after tool result',
    ]);
  });

  it('reports a template that does not render as a failed render step, not a throw', () => {
    const report = reportTemplate(BROKEN);
    expect(report.trace.ok).toBe(true);
    const render = report.trace.ok ? report.trace.value.steps.find((s) => s.id === 'render') : undefined;
    expect(render?.warning).toMatch(/\(at line 2, column \d+\)/);
  });
});

describe('buildParser', () => {
  it('builds the parser for a request', () => {
    const built = buildParser(bundledTemplate('Qwen3-Coder')?.source ?? '', DEFAULT_REQUEST);
    expect(built.ok && built.value.grammarLazy).toBe(true);
  });

  it('locates the template error when the template cannot render', () => {
    const built = buildParser(BROKEN, DEFAULT_REQUEST);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.error).toMatchObject({ code: 'syntax', location: { line: 2 } });
  });
});
