import { describe, expect, it } from 'vitest';
import { detectAssistantStart, detectUserStart } from './role-markers.js';
import { contextOf } from './test-support/context.js';
import { PLAIN_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('role start markers', () => {
  it('reads the assistant header, cut before reasoning markers', () => {
    const reasoning = { mode: 'TAG_BASED', start: '<think>', end: '</think>\n' } as const;
    expect(detectAssistantStart(contextOf(TAGGED_TEMPLATE), reasoning)).toBe('<|im_start|>assistant');
  });

  it('reads the user header', () => {
    expect(detectUserStart(contextOf(PLAIN_TEMPLATE))).toBe('<|im_start|>user');
  });

  it('skips a previous turn’s end marker in front of the user header', () => {
    const template = '{% for m in messages %}<|end|>[{{ m.role }}]{{ m.content }}{% endfor %}';
    expect(detectUserStart(contextOf(template))).toBe('[user]');
  });

  it('falls back to a longer conversation when an empty one is rejected', () => {
    const template = "{% if not messages %}{{ raise_exception('empty') }}{% endif %}" + PLAIN_TEMPLATE;
    expect(detectUserStart(contextOf(template))).toBe('<|im_start|>user');
  });
});
