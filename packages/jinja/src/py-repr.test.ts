import { describe, expect, it } from 'vitest';
import { formatFloat, pyRepr, pyStr, reprString } from './py-repr.js';
import { run } from './test-support/engine.js';
import { PyDict, PyFloat, PyTuple } from './values.js';

describe('Python stringification', () => {
  it('prints lists and dicts with Python reprs, not JSON', () => {
    expect(run("{{ ['a', 'b'] }}")).toBe("['a', 'b']");
    expect(run("{{ {'a': 1, 'b': [none, true, false]} }}")).toBe("{'a': 1, 'b': [None, True, False]}");
    expect(run('{{ x }}', { x: { name: 'f', args: { n: 1.5 } } })).toBe("{'name': 'f', 'args': {'n': 1.5}}");
  });

  it('prints None, True and False capitalised', () => {
    expect(run('{{ none }}|{{ true }}|{{ False }}')).toBe('None|True|False');
    expect(run('{{ x }}', { x: null })).toBe('None');
  });

  it('prints undefined as nothing', () => {
    expect(run('[{{ missing }}][{{ missing.attr }}]')).toBe('[][]');
  });

  it('prints tuples with their trailing comma', () => {
    expect(pyStr(new PyTuple([1]))).toBe('(1,)');
    expect(run('{{ (1, "a") }}')).toBe("(1, 'a')");
  });

  it('quotes strings as repr does', () => {
    expect(reprString('plain')).toBe("'plain'");
    expect(reprString("it's")).toBe('"it\'s"');
    expect(reprString('both \' and "')).toBe("'both \\' and \"'");
    expect(reprString('a\nb\t\\')).toBe("'a\\nb\\t\\\\'");
    expect(reprString('\u0001')).toBe("'\\x01'");
    expect(reprString('héllo ✓')).toBe("'héllo ✓'");
  });

  it('formats floats as Python repr', () => {
    expect(formatFloat(1)).toBe('1.0');
    expect(formatFloat(0.1)).toBe('0.1');
    expect(formatFloat(-2.5)).toBe('-2.5');
    expect(formatFloat(1e-5)).toBe('1e-05');
    expect(formatFloat(1.5e-7)).toBe('1.5e-07');
    expect(formatFloat(1e16)).toBe('1e+16');
    expect(formatFloat(123456789012345.6)).toBe('123456789012345.6');
    expect(formatFloat(Number.NaN)).toBe('nan');
    expect(run('{{ 1.0 }} {{ 7 / 2 }} {{ 4 / 2 }} {{ 3 * 1.5 }}')).toBe('1.0 3.5 2.0 4.5');
  });

  it('keeps integer-valued floats distinct from integers', () => {
    expect(pyRepr([1, new PyFloat(1)])).toBe('[1, 1.0]');
  });

  it('stringifies with the string filter and ~ the same way', () => {
    expect(run("{{ {'a': [1]} | string }}")).toBe("{'a': [1]}");
    expect(run("{{ 'n=' ~ [1, 'x'] ~ none }}")).toBe("n=[1, 'x']");
    expect(run("{{ true | string }}")).toBe('True');
  });

  it('renders dicts with non-string keys', () => {
    expect(pyStr(PyDict.of([[1, 'a'], ['k', null]]))).toBe("{1: 'a', 'k': None}");
  });
});
