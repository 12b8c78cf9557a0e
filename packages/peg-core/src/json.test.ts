import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Parser, PegBuilder } from './builder.js';
import { parse as parseOnce } from './parse.js';
import { arenaOf, both, parse } from './test-support/run.js';

const json = arenaOf((p) => p.sequence(p.json(), p.end()));
const accepts = (text: string): boolean => parse(json, text).status === 'success';

describe('JSON (RFC 8259)', () => {
  it('accepts valid documents', () => {
    for (const text of [
      '{}', '[]', '0', '-0', '1.5e10', '-12.25E-3', '1E+2', 'true', 'false', 'null', '"a"', '""',
      '{"a": [1, 2, {"b": null}], "c": "d"}', '[[[[]]]]', ' {"k" : "v" } ', '"\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"',
      '"\\ud83d\\ude00"', '"😀 é ü"', '{"a":1,"a":2}', '[1,\n 2,\r\n 3]',
    ]) {
      expect(accepts(text.trimStart()), text).toBe(true);
    }
  });

  it('rejects invalid documents', () => {
    for (const text of [
      '{', '[1,]', '{"a" 1}', '{"a": 1,}', '01', '1.', '.5', '1e', '+1', '-', '--1', 'tru', 'nul', 'True', 'None',
      "'a'", '"\\x41"', '"\\u12"', '"\\u12G4"', '{1: 2}', '[1 2]', '"unterminated', '{"a": }', 'NaN', 'Infinity', '0x10',
    ]) {
      expect(accepts(text), text).toBe(false);
    }
  });

  it('accepts raw control characters in strings, as model output has them', () => {
    // A deliberate departure from RFC 8259, shared with the reference grammar.
    expect(accepts('"line\nbreak\ttab"')).toBe(true);
  });

  it('consumes whitespace after a value', () => {
    expect(both(arenaOf((p) => p.json()), '{"a": 1}  x').full).toEqual(['success', 10]);
  });

  it('has typed entry points', () => {
    const cases: [string, (p: PegBuilder) => Parser, string, boolean][] = [
      ['object', (p) => p.jsonObject(), '{"a": 1}', true],
      ['object', (p) => p.jsonObject(), '[1]', false],
      ['array', (p) => p.jsonArray(), '[1, "x"]', true],
      ['array', (p) => p.jsonArray(), '{}', false],
      ['string', (p) => p.jsonString(), '"x"', true],
      ['string', (p) => p.jsonString(), '1', false],
      ['number', (p) => p.jsonNumber(), '-1.5', true],
      ['number', (p) => p.jsonNumber(), '"1"', false],
      ['bool', (p) => p.jsonBool(), 'false', true],
      ['bool', (p) => p.jsonBool(), 'null', false],
      ['null', (p) => p.jsonNull(), 'null', true],
      ['null', (p) => p.jsonNull(), 'nil', false],
    ];
    for (const [name, make, text, ok] of cases) {
      const arena = arenaOf((p) => p.sequence(make(p), p.end()));
      expect(parse(arena, text).status === 'success', `${name} ${text}`).toBe(ok);
    }
  });

  it('json_string_content stops before the closing quote', () => {
    const a = arenaOf((p) => p.sequence('"', p.tag('value', p.jsonStringContent()), '"'));
    const result = parse(a, '"a\\"b"');
    expect(result.status).toBe('success');
    expect(result.nodes[0]!.text).toBe('a\\"b');
    expect(both(a, '"abc').partial).toEqual(['need_more_input', 4]);
    expect(both(a, '"a\\').partial).toEqual(['need_more_input', 3]);
  });

  it('json_member matches a keyed member', () => {
    const a = arenaOf((p) => p.sequence('{', p.space(), p.jsonMember('name', p.sequence('"', p.tag('name', 'get'), '"')), p.space(), '}'));
    expect(parse(a, '{ "name" : "get" }').nodes.map((n) => n.text)).toEqual(['get']);
    expect(parse(a, "{'name': 'get'}").status).toBe('fail');
  });
});

describe('JSON in partial mode', () => {
  const partial = (text: string): string => parse(json, text, { partial: true }).status;

  it('needs more input when cut inside a value, string, escape or keyword', () => {
    for (const text of ['{', '{"a', '{"a"', '{"a":', '{"a": 1', '[1, 2', '"abc', '"a\\', '"\\u00', 'tr', 'nul', '-', '1.', '1e', '1e+', '[{"a": [']) {
      expect(partial(text), text).toBe('need_more_input');
    }
  });

  it('still fails on what can never become JSON', () => {
    for (const text of ['{]', '[1,]', '{"a" 1', 'x', '01', '"\\q', 'trux']) {
      expect(partial(text), text).toBe('fail');
    }
  });

  it('property: every prefix of a serialised value needs more input or succeeds, never fails', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parse(json, text).status).toBe('success');
        // Every prefix read once (the whole text above is also read by incremental sessions).
        for (let i = 0; i <= text.length; i++) {
          expect(parseOnce(json, text.slice(0, i), { partial: true }).status).not.toBe('fail');
        }
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});

describe('Python dicts', () => {
  const py = arenaOf((p) => p.sequence(p.json(), p.end()), { pythonDicts: true });
  const ok = (text: string): boolean => parse(py, text).status === 'success';

  it('accept single quotes and Python constants as well as JSON', () => {
    expect(ok("{'location': 'Paris', 'days': 3, 'ok': True, 'x': None, 'y': False}")).toBe(true);
    expect(ok('{"a": true, \'b\': null}')).toBe(true);
    expect(ok("'it\\'s'")).toBe(true);
    expect(ok("'a\"b'")).toBe(true);
  });

  it('still reject what is neither', () => {
    expect(ok("{'a': 'b\"}")).toBe(false);
    expect(ok('TRUE')).toBe(false);
    expect(ok("{'a',}")).toBe(false);
  });

  it('apply to every JSON parser of the arena, json_member and string content included', () => {
    const a = arenaOf(
      (p) => p.sequence('{', p.jsonMember('name', p.sequence("'", p.tag('name', p.jsonStringContent()), "'")), '}'),
      { pythonDicts: true },
    );
    const result = parse(a, "{'name': 'it\\'s'}");
    expect(result.status).toBe('success');
    expect(result.nodes[0]!.text).toBe("it\\'s");
  });
});

describe('deep nesting', () => {
  it('parses 100 000 nested arrays without overflowing the stack', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(parse(json, text).status).toBe('success');
    expect(parse(json, '['.repeat(100_000), { partial: true }).status).toBe('need_more_input');
    expect(parse(json, '['.repeat(100_000)).status).toBe('fail');
  });

  it('stops a deeply recursive user grammar with a depth-limit issue', () => {
    const nested = arenaOf((p) => p.rule('list', p.sequence('[', p.optional(p.ref('list')), ']')));
    const result = parse(nested, '['.repeat(100_000) + ']'.repeat(100_000));
    expect(result.status).toBe('fail');
    expect(result.issue?.code).toBe('depth-limit');
    expect(parse(nested, '[[[]]]').status).toBe('success');
  });
});

describe('finality of partial outcomes', () => {
  const chat = arenaOf((p) =>
    p.sequence(p.tag('content', p.until('<x>')), p.optional(p.sequence('<x>', p.tag('args', p.json()), '</x>')), p.end()),
  );
  const piece = fc.constantFrom('<', 'x', '>', '</x>', '<x>', '{', '}', '"', 'a', ':', '1', ' ', '[', ']', ',', '\\');

  it('property: a success or failure in partial mode stays the same when the input grows', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 6 }), (head, tail) => {
        for (const arena of [chat, json]) {
          const before = parse(arena, head.join(''), { partial: true });
          if (before.status === 'need_more_input') continue;
          const after = parse(arena, head.join('') + tail.join(''), { partial: true });
          expect([after.status, after.status === 'success' ? after.end : 0]).toEqual([
            before.status,
            before.status === 'success' ? before.end : 0,
          ]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
