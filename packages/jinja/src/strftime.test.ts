import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template.js';
import { strftime } from './strftime.js';

describe('strftime_now', () => {
  const now = new Date('2026-11-21T09:05:03Z');

  it('formats the C-locale directives templates use', () => {
    expect(strftime(now, '%Y-%m-%d')).toBe('2026-11-21');
    expect(strftime(now, '%d %b %Y')).toBe('21 Nov 2026');
    expect(strftime(now, '%B %d, %Y')).toBe('November 21, 2026');
    expect(strftime(now, '%A %H:%M:%S %p %j %%')).toBe('Saturday 09:05:03 AM 325 %');
    expect(strftime(now, '%-d/%-m')).toBe('21/11');
  });

  it('renders params.now, in UTC, never the machine clock', () => {
    const template = "{{ strftime_now('%Y-%m-%d %H:%M') }}|{{ date_string }}|{{ datetime }}";
    const params = { messages: [{ role: 'user', content: 'hi' }], now: '2026-11-21T23:30:00-02:00' };
    expect(renderTemplate(template, params)).toBe('2026-11-22 01:30|22 Nov 2026|Nov 22 2026');
  });

  it('rejects a now that is not a date', () => {
    expect(() => renderTemplate('x', { messages: [], now: 'yesterday' })).toThrow(/now is not a date/);
  });
});
