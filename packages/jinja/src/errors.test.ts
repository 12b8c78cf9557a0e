import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { run, thrown } from './test-support/engine.js';

function renderError(source: string, vars: Record<string, unknown> = {}): TemplateRenderError {
  const error = thrown(() => run(source, vars));
  if (!TemplateRenderError.isInstance(error)) throw new Error(`not a TemplateRenderError: ${String(error)}`);
  return error;
}

describe('TemplateRenderError', () => {
  it('locates a runtime error at the statement that failed, and names it in the message', () => {
    const error = renderError('line one\n{% for m in messages %}\n  {{ m.content | frobnicate }}\n{% endfor %}', {
      messages: [{ content: 'x' }],
    });
    expect(error.code).toBe('runtime');
    expect([error.line, error.column]).toEqual([3, 3]);
    expect(error.message).toBe("no filter named 'frobnicate' (at line 3, column 3)");
  });

  it('locates an error inside a macro body, not at the call', () => {
    const error = renderError("{% macro f(x) %}\n{{ x - 1 }}\n{% endmacro %}\n{{ f('a') ~ '' }}");
    expect([error.line, error.column]).toEqual([2, 1]);
  });

  it('reports raise_exception as code raised, with its message', () => {
    const error = renderError("{% if true %}\n  {{ raise_exception('No tools allowed') }}{% endif %}");
    expect(error.code).toBe('raised');
    expect(error.reason).toBe('No tools allowed');
    expect(error.line).toBe(2);
  });

  it('locates syntax errors at the offending tag', () => {
    const unknownStatement = renderError('ok\n{% frobnicate %}');
    expect(unknownStatement.code).toBe('syntax');
    expect([unknownStatement.line, unknownStatement.column]).toEqual([2, 1]);

    const badExpression = renderError('a\nb {{ 1 + }}');
    expect([badExpression.line, badExpression.column]).toEqual([2, 3]);

    const unclosed = renderError('{% if x %}\n{% for y in z %}\n{% endif %}');
    expect([unclosed.line, unclosed.column]).toEqual([3, 1]);

    const unterminated = renderError('text {{ x ');
    expect([unterminated.line, unterminated.column]).toEqual([1, 6]);
  });

  it('counts columns after CRLF line endings as after LF', () => {
    const error = renderError('a\r\n  {{ x | nope }}');
    expect([error.line, error.column]).toEqual([2, 3]);
  });

  it('is plain data as JSON and recognisable across installs', () => {
    const error = renderError('{{ x | nope }}');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'TemplateRenderError',
      code: 'runtime',
      reason: "no filter named 'nope'",
      line: 1,
      column: 1,
      limit: null,
    });
    expect(TemplateRenderError.isInstance(error)).toBe(true);
    expect(TemplateRenderError.isInstance(new Error('x'))).toBe(false);
  });

  it('reports break outside a loop as a runtime error', () => {
    expect(renderError('{% break %}').code).toBe('runtime');
  });
});
