import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedTemplate } from '../test-templates.js';
import { checkScenarios } from './check-scenarios.js';
import { checkTemplate, type SelfCheckReport } from './check-template.js';
import { analyzeTemplate } from '../default-plugins.js';

const byName = (report: SelfCheckReport) => Object.fromEntries(report.scenarios.map((s) => [s.name, s]));
const names = (report: SelfCheckReport, which: 'failed' | 'skipped') =>
  report.scenarios.filter((s) => (which === 'skipped' ? s.skipped === true : !s.passed && s.skipped !== true)).map((s) => s.name);

// Renders calls as plain text that no analysis can find: the call comes back as content.
const PLAIN_CALLS =
  "{% for m in messages %}<|{{ m.role }}|>{{ m.content or '' }}{% for c in m.tool_calls or [] %}CALL {{ c.function.name }}{% endfor %}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}";

describe('checkTemplate', () => {
  it('round-trips every scenario of a template with reasoning, a thinking switch and tool calls', () => {
    const report = checkTemplate(sharedTemplate('Qwen-Qwen3-0.6B'));
    const all = checkScenarios(analyzeTemplate(sharedTemplate('Qwen-Qwen3-0.6B'))).map((s) => s.name);
    expect(report.scenarios.map((s) => s.name)).toEqual(all);
    expect(report).toMatchObject({ passed: all.length, failed: 0, skipped: 0, format: 'general' });
    const scenarios = byName(report);
    expect(scenarios['typed arguments']?.grammar).toBe('accepted');
    // The cut-out output is what a model writes: the call, with the typed arguments.
    expect(scenarios['typed arguments']?.output).toContain('"city":"Zürich — 東京 🌤"');
    expect(scenarios['parallel tool calls']?.output?.match(/<tool_call>/g)).toHaveLength(2);
    // With thinking off the model writes only the content (the prompt closed the block).
    expect(scenarios['thinking off']?.output?.trim()).toBe('Of course, what do you need?');
    // Each passing scenario was also streamed, in several chunks.
    for (const s of report.scenarios) expect(s.chunks).toBeGreaterThan(1);
  });

  it('skips only what the capability probes say the template cannot express, saying why', () => {
    const report = checkTemplate(sharedTemplate('google-gemma-2-2b-it'));
    expect(names(report, 'failed')).toEqual([]);
    expect(names(report, 'skipped')).not.toContain('content');
    expect(byName(report)['tool call']).toMatchObject({ passed: false, skipped: true, reason: 'the template never renders tool calls' });
    expect(byName(report)['reasoning + content']?.reason).toBe('the template has no reasoning');
    expect(byName(report)['response schema']?.passed).toBe(true);
  });

  it('fails, not skips, the scenarios of a template that renders calls the analysis cannot read', () => {
    const report = checkTemplate(PLAIN_CALLS);
    expect(names(report, 'skipped')).toEqual(['reasoning + content', 'thinking off']);
    expect(byName(report)['tool call']).toMatchObject({ passed: false, stage: 'parse', output: 'CALL get_weather' });
    expect(byName(report)['tool call']?.reason).toMatch(/^content: expected "", got "CALL get_weather"/);
    expect(byName(report)['tool_choice named']?.reason).toMatch(/^content: expected "", got "CALL get_time"/);
  });

  it('fails every scenario of a template that does not render, and never throws', () => {
    for (const source of ['{{ raise_exception("no") }}', '{% for %}']) {
      const report = checkTemplate(source);
      expect(report.passed).toBe(0);
      expect(report.skipped).toBe(0);
      expect(report.failed).toBe(report.scenarios.length);
      expect(report.format).toBeUndefined();
    }
    expect(byName(checkTemplate('{{ raise_exception("no") }}')).content?.reason).toMatch(/does not render a plain conversation: no/);
  });

  it('fails a scenario whose answer is read back only through a recovery', () => {
    // SGLang's DeepSeek V4 template renders a call's arguments as one `arguments` parameter,
    // which only the `arguments-as-parameter` recovery reads as the whole arguments.
    const source = readFileSync(new URL('../../../../tools/zoo/templates/deepseek/sglang-tool_chat_template_deepseekv4.jinja', import.meta.url), 'utf8');
    const scenario = byName(checkTemplate(source, { scenarios: ['tool call'] }))['tool call'];
    expect(scenario).toMatchObject({ passed: false, stage: 'recovery' });
    expect(scenario?.reason).toContain('arguments-as-parameter');
  });

  it('names the plugin whose format read the answers', () => {
    expect(checkTemplate(sharedTemplate('openai-gpt-oss-120b')).format).toBe('gpt-oss');
  });

  it('runs only the scenarios asked for', () => {
    const report = checkTemplate(sharedTemplate('Qwen-Qwen3-0.6B'), { scenarios: ['content', 'tool call'] });
    expect(report.scenarios.map((s) => s.name)).toEqual(['content', 'tool call']);
  });

  it('streams in chunks that depend on the seed only', () => {
    const source = sharedTemplate('Qwen-Qwen3-0.6B');
    const chunks = (seed: number) => checkTemplate(source, { seed, scenarios: ['typed arguments'] }).scenarios[0]?.chunks;
    expect(chunks(7)).toBe(chunks(7));
    expect(new Set([1, 2, 3, 4, 5].map(chunks)).size).toBeGreaterThan(1);
  });
});
