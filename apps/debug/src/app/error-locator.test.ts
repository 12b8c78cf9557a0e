import { TemplateRenderError } from '@autoparser/jinja';
import { describe, expect, it } from 'vitest';
import { describeError, locateError, locationInMessage, pointAt } from './error-locator.js';

describe('locateError', () => {
  it('reads a TemplateRenderError: reason, code, line and column', () => {
    const error = new TemplateRenderError('syntax', 'Expected closing expression token.', { position: { line: 2, column: 14 } });
    const located = locateError(error);
    expect(located).toEqual({ reason: 'Expected closing expression token.', code: 'syntax', location: { line: 2, column: 14 } });
    expect(describeError(located)).toBe('line 2, column 14: Expected closing expression token.');
  });

  it('reads the plain-data form of one (from toJSON), and one without a position', () => {
    const data = new TemplateRenderError('raised', 'no tools here', { position: { line: 1, column: 4 } }).toJSON();
    expect(locateError(data)).toEqual({ reason: 'no tools here', code: 'raised', location: { line: 1, column: 4 } });
    expect(locateError(new TemplateRenderError('limit', 'too many steps'))).toEqual({ reason: 'too many steps', code: 'limit', location: undefined });
  });

  it('finds the position in other messages, such as an analysis warning', () => {
    const warning = 'the template does not render a basic conversation: Parser Error: boom (at line 7, column 3)';
    expect(locationInMessage(warning)).toEqual({ line: 7, column: 3 });
    expect(locateError(new Error(warning))).toEqual({ reason: 'the template does not render a basic conversation: Parser Error: boom', code: undefined, location: { line: 7, column: 3 } });
    expect(locateError('plain text')).toEqual({ reason: 'plain text', code: undefined, location: undefined });
    expect(describeError(locateError('plain text'))).toBe('plain text');
  });
});

describe('pointAt', () => {
  const source = '{% for m in messages %}\n  {{ m.content }\n{% endfor %}';

  it('gives the line and a caret under the column', () => {
    expect(pointAt(source, { line: 2, column: 3 })).toEqual({ line: 2, column: 3, text: '  {{ m.content }', caret: '  ^' });
  });

  it('keeps tabs so the caret lines up under tab-indented code', () => {
    expect(pointAt('a\n\t\tb', { line: 2, column: 3 })?.caret).toBe('\t\t^');
  });

  it('counts an astral character as one place, and handles CRLF sources', () => {
    expect(pointAt('x\r\n😀b', { line: 2, column: 3 })?.caret).toBe(' ^');
  });

  it('gives nothing past the end', () => {
    expect(pointAt(source, { line: 9, column: 1 })).toBeUndefined();
  });
});
