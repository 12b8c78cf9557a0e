import { describe, expect, it } from 'vitest';
import { schemaErrorOf } from './test-support/schema-error-of.js';
import { resolveRefs } from './resolve-refs.js';
import { schemaToGbnf } from './schema-to-gbnf.js';
import { parseRules } from './test-support/gbnf-to-regexp.js';

describe('resolveRefs', () => {
  it('follows JSON pointers with ~0, ~1 and percent escapes, and array indices', () => {
    const doc = resolveRefs({
      definitions: { 'a/b': { type: 'string' }, 'c~d': { type: 'integer' }, 'e%f': { type: 'null' } },
      items: [{ type: 'boolean' }, { type: 'number' }],
      anyOf: [
        { $ref: '#/definitions/a~1b' },
        { $ref: '#/definitions/c~0d' },
        { $ref: '#/definitions/e%25f' },
        { $ref: '#/items/1' },
      ],
    });
    expect([...doc.refs].map(([ref, target]) => [ref, target.path])).toEqual([
      ['#/definitions/a~1b', '/definitions/a~1b'],
      ['#/definitions/c~0d', '/definitions/c~0d'],
      // Paths are plain JSON pointers: the percent escape of the fragment is decoded.
      ['#/definitions/e%25f', '/definitions/e%f'],
      ['#/items/1', '/items/1'],
    ]);
    expect(doc.refs.get('#/items/1')?.schema).toEqual(new Map([['type', 'number']]));
  });

  it('finds a #/$defs/x declared in a nested $defs', () => {
    const doc = resolveRefs({ properties: { p: { $defs: { x: { type: 'integer' } } } }, $ref: '#/$defs/x' });
    expect(doc.refs.get('#/$defs/x')?.path).toBe('/properties/p/$defs/x');
  });

  it('also resolves references beside a $ref (the $defs next to a root $ref)', () => {
    const grammar = schemaToGbnf({
      $ref: '#/$defs/a',
      $defs: { a: { type: 'array', items: { $ref: '#/$defs/b' } }, b: { type: 'boolean' } },
    });
    const rules = parseRules(grammar);
    expect(rules.get('root')).toBe('ref-defs-a');
    expect(rules.get('ref-defs-a')).toBe('"[" space (ref-defs-a-item ("," space ref-defs-a-item)*)? "]" space');
    expect(rules.get('ref-defs-a-item')).toBe('boolean');
  });

  it.each([
    [{ properties: { a: { $ref: 'https://example.com/s.json#/x' } } }, 'remote-ref', '/properties/a/$ref'],
    [{ items: { $ref: 'http://example.com/s.json' } }, 'remote-ref', '/items/$ref'],
    [{ properties: { a: { $ref: 'other.json#/x' } } }, 'unsupported-ref', '/properties/a/$ref'],
    [{ anyOf: [{ $ref: '#' }] }, 'unsupported-ref', '/anyOf/0/$ref'],
    [{ items: { $ref: '#/$defs/missing' } }, 'unresolved-ref', '/items/$ref'],
    [{ items: [{}], prefixItems: { $ref: '#/items/1' } }, 'unresolved-ref', '/prefixItems/$ref'],
    [{ items: { $ref: 5 } }, 'invalid-schema', '/items/$ref'],
  ] as const)('refuses %j', (schema, code, path) => {
    const error = schemaErrorOf(() => resolveRefs(schema));
    expect([error.code, error.path]).toEqual([code, path]);
    expect(error.message).toContain(`#${path}`);
  });

  it('names the missing pointer step', () => {
    const error = schemaErrorOf(() => resolveRefs({ $defs: { a: {} }, items: { $ref: '#/$defs/a/properties/x' } }));
    expect(error.message).toContain('no "properties" in #/$defs/a');
  });
});

describe('$ref conversion', () => {
  it('lets recursive references refer to the rule being built', () => {
    const rules = parseRules(
      schemaToGbnf({ $defs: { node: { properties: { next: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' }),
    );
    expect(rules.get('ref-defs-node')).toBe('"{" space  (ref-defs-node-next-kv )? "}" space');
    expect(rules.get('ref-defs-node-next')).toBe('ref-defs-node');
  });

  it('refuses reference cycles that would make a left-recursive grammar', () => {
    const error = schemaErrorOf(() =>
      schemaToGbnf({ $defs: { a: { anyOf: [{ $ref: '#/$defs/a' }, { type: 'string' }] } }, $ref: '#/$defs/a' }),
    );
    expect([error.code, error.path]).toEqual(['unsupported-schema', '/$defs/a/anyOf/0/$ref']);
  });

  it('caps long reference chains', () => {
    const defs: Record<string, unknown> = { d1000: { type: 'string' } };
    for (let i = 0; i < 1000; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    expect(schemaErrorOf(() => schemaToGbnf({ $defs: defs, $ref: '#/$defs/d0' })).code).toBe('too-deep');
  });
});
