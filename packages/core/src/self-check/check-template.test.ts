import { describe, expect, it } from 'vitest';
import { sharedTemplate } from '../test-templates.js';
import { checkTemplate } from './check-template.js';

const byName = (report: ReturnType<typeof checkTemplate>) => Object.fromEntries(report.scenarios.map((s) => [s.name, s]));

describe('checkTemplate', () => {
  it('round-trips every scenario of a template with reasoning and tool calls', () => {
    const report = checkTemplate(sharedTemplate('Qwen-Qwen3-0.6B'));
    expect(report).toMatchObject({ passed: 4, failed: 0, skipped: 0 });
    const scenarios = byName(report);
    expect(scenarios['tool call']?.grammar).toBe('accepted');
    // The cut-out output is what a model writes: the call, with the typed arguments.
    expect(scenarios['tool call']?.output).toContain('"city":"Zürich — 東京 🌤"');
    expect(scenarios['parallel tool calls']?.output?.match(/<tool_call>/g)).toHaveLength(2);
  });

  it('skips what the template cannot express, saying why', () => {
    const report = checkTemplate(sharedTemplate('google-gemma-2-2b-it'));
    expect(report).toMatchObject({ passed: 1, failed: 0, skipped: 3 });
    expect(byName(report)['tool call']).toMatchObject({ passed: false, skipped: true, reason: 'the template has no tool-call format' });
  });

  it('fails a scenario, with the reason, when the parsed message differs', () => {
    // Renders calls as plain text that no analysis can find: the call comes back as content.
    const template =
      "{% for m in messages %}<|{{ m.role }}|>{{ m.content or '' }}{% for c in m.tool_calls or [] %}CALL {{ c.function.name }}{% endfor %}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}";
    const report = checkTemplate(template);
    expect(report).toMatchObject({ passed: 1, failed: 2 });
    expect(byName(report)['tool call']).toMatchObject({ passed: false, output: 'CALL record_note' });
    expect(byName(report)['tool call']?.reason).toMatch(/^content: expected "", got "CALL record_note"/);
  });

  it('never throws on a template that does not render', () => {
    const report = checkTemplate('{{ raise_exception("no") }}');
    expect(report.passed).toBe(0);
    expect(report.failed).toBe(1);
    expect(byName(report).content?.reason).toMatch(/no/);
  });
});
