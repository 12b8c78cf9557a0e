// The contract with `@huggingface/jinja`: the syntax trees its parser builds for every
// template of ../shared/templates have the node kinds and fields this package reads
// (test-support/ast-shapes.ts), and the tokens the error locator inspects keep their shape.
// A new library version that renames a field or changes a node fails here, not in a render.
import { readdirSync, readFileSync } from 'node:fs';
import { parse, tokenize } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import { spellLiteralsForLexer } from './python-literals.js';
import { AST_SHAPES, emptyReport, walkShapes, type ShapeReport } from './test-support/ast-shapes.js';

const SHARED = new URL('../../../../shared/templates/', import.meta.url);
const BUNDLED = new URL('../test/templates/', import.meta.url);

function templatesIn(dir: URL): [string, string][] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jinja'))
    .sort()
    .map((name) => [name, readFileSync(new URL(name, dir), 'utf8')]);
}

/** The library's tree for `source`, lexed as `compileTemplate` lexes it. */
function libraryTree(source: string): unknown {
  const lexable = spellLiteralsForLexer(source.replace(/\r\n?/g, '\n'));
  return parse(tokenize(lexable, { lstrip_blocks: true, trim_blocks: true }));
}

function report(source: string): ShapeReport {
  const found = emptyReport();
  walkShapes(libraryTree(source), found);
  return found;
}

const shared = templatesIn(SHARED);
const all = [...shared, ...templatesIn(BUNDLED)];

// Constructs the chat templates do not use, so that every shape is checked against a real tree.
const EVERY_KIND = [
  '{# c #}{% set xs = [1, 2.5, (3, 4), {"k": v}] %}{{ xs[1:2:1] }}{{ xs[::-1] }}',
  '{% for x in xs if x is number %}{% if loop.first %}{% continue %}{% else %}{% break %}{% endif %}{% else %}none{% endfor %}',
  '{% macro m(a, b=1) %}{{ caller(a) }}{% endmacro %}{% call(y) m(1, b=2) %}{{ y }}{% endcall %}',
  '{% filter upper %}{{ f(*args, **kwargs) | join(", ") }}{% endfilter %}',
  '{% set block %}{{ -a if not b else c.d ~ "e" }}{% endset %}{{ a is not defined }}{{ "x" in ["x"] }}',
].join('');

describe('the @huggingface/jinja syntax tree', () => {
  it('finds the shared templates', () => {
    expect(shared.length).toBeGreaterThanOrEqual(40);
  });

  for (const [name, source] of all) {
    it(`${name}: every node has the shape the renderer reads`, () => {
      expect(report(source).problems).toEqual([]);
    });
  }

  it('the templates and a probe of the rarer constructs meet every node kind and field', () => {
    const seen = emptyReport();
    for (const [, source] of all) walkShapes(libraryTree(source), seen);
    walkShapes(libraryTree(EVERY_KIND), seen);
    expect(seen.problems).toEqual([]);
    expect([...seen.kinds.keys()].sort()).toEqual(Object.keys(AST_SHAPES).sort());
    const listed = Object.entries(AST_SHAPES).flatMap(([kind, fields]) => Object.keys(fields).map((f) => `${kind}.${f}`));
    expect([...seen.fields].sort()).toEqual(listed.sort());
  });

  it('reports a node whose shape changed', () => {
    const changed = emptyReport();
    walkShapes({ type: 'Program', body: [{ type: 'If', condition: { type: 'Identifier', value: 'x' }, body: [], alternate: [] }] }, changed);
    walkShapes({ type: 'Program', body: [{ type: 'Switch' }] }, changed);
    expect(changed.problems).toEqual(['If.test: expected node, got undefined', 'unknown node kind Switch']);
  });
});

describe('the @huggingface/jinja tokens', () => {
  it('carry a type and the decoded value, as the error locator reads them', () => {
    const tokens = tokenize("{% set x = 'a\\nb' %}");
    expect(tokens.map((t) => [t.type, t.value])).toEqual([
      ['OpenStatement', '{%'],
      ['Identifier', 'set'],
      ['Identifier', 'x'],
      ['Equals', '='],
      ['StringLiteral', 'a\nb'],
      ['CloseStatement', '%}'],
    ]);
  });
});
