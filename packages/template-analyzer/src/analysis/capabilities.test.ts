import { describe, expect, it } from 'vitest';
import { probeCapabilities } from './capabilities.js';
import { contextOf } from './test-support/context.js';
import { JSON_TEMPLATE, PLAIN_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('probeCapabilities', () => {
  it('finds tool calls, parallel calls and the thinking switch by rendering', () => {
    expect(probeCapabilities(contextOf(TAGGED_TEMPLATE))).toEqual({
      supports_tool_calls: true,
      supports_parallel_tool_calls: true,
      supports_system_role: true,
      supports_tool_responses: true,
      supports_typed_content: false,
      supports_object_arguments: true,
      supports_enable_thinking: true,
      reasoning_effort_levels: [],
    });
  });

  it('finds the reasoning_effort levels a template treats apart', () => {
    const turns = '{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}{% if add_generation_prompt %}<assistant>{% endif %}';
    const levels = (head: string): string[] | undefined => probeCapabilities(contextOf(head + turns)).reasoning_effort_levels;
    expect(levels("{% if reasoning_effort == 'high' %}Think hard.{% elif reasoning_effort in ['low', 'none'] %}Be quick.{% endif %}")).toEqual(['none', 'low', 'high']);
    // Printed as given: the template takes any value, every candidate is a level.
    expect(levels('Reasoning: {{ reasoning_effort | default("medium") }}')).toEqual(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);
    // Unknown values rejected: the ones that render are the levels.
    expect(levels("{% if reasoning_effort not in ['low', 'max'] %}{{ raise_exception('bad effort') }}{% endif %}")).toEqual(['low', 'max']);
    expect(levels('')).toEqual([]);
  });

  it('finds the switch that keeps or drops past turns\' reasoning', () => {
    const template = (condition: string): string =>
      `{% for m in messages %}<{{ m.role }}>{% if m.reasoning_content and (${condition} or loop.index0 > messages|length - 3) %}<think>{{ m.reasoning_content }}</think>{% endif %}{{ m.content }}{% endfor %}`;
    const keep = probeCapabilities(contextOf(template('preserve_thinking')));
    expect([keep.preserve_reasoning_variable, keep.preserve_reasoning_keeps]).toEqual(['preserve_thinking', true]);
    const drop = probeCapabilities(contextOf(template('not clear_thinking')));
    expect([drop.preserve_reasoning_variable, drop.preserve_reasoning_keeps]).toEqual(['clear_thinking', false]);
    expect(probeCapabilities(contextOf(template('false'))).preserve_reasoning_variable).toBeUndefined();
  });

  it('sees no tool calls in a template that never renders them', () => {
    const caps = probeCapabilities(contextOf(PLAIN_TEMPLATE));
    expect([caps.supports_tool_calls, caps.supports_parallel_tool_calls, caps.supports_object_arguments]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('sees single calls only when a template renders just the first', () => {
    const template = JSON_TEMPLATE.replace('{% for tc in m.tool_calls %}', '{% for tc in m.tool_calls[:1] %}');
    const caps = probeCapabilities(contextOf(template));
    expect([caps.supports_tool_calls, caps.supports_parallel_tool_calls]).toEqual([true, false]);
  });

  it('accepts string arguments when objects are rejected', () => {
    const template = JSON_TEMPLATE.replace(
      '{{ tc.function.arguments | tojson }}',
      "{% if tc.function.arguments is not string %}{{ raise_exception('strings only') }}{% endif %}{{ tc.function.arguments }}",
    );
    const caps = probeCapabilities(contextOf(template));
    expect([caps.supports_tool_calls, caps.supports_object_arguments]).toEqual([true, false]);
  });

  it('recognises typed content and a dropped system prompt', () => {
    const template =
      "{% for m in messages %}{% if m.role != 'system' %}{% if m.content is string %}{{ m.content }}{% else %}" +
      '{% for p in m.content %}{{ p.text }}{% endfor %}{% endif %}{% endif %}{% endfor %}';
    const caps = probeCapabilities(contextOf(template));
    expect([caps.supports_typed_content, caps.supports_system_role]).toEqual([true, false]);
  });
});
