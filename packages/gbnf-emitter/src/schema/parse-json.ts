import { GbnfSchemaError } from '../errors.js';
import type { SchemaJson } from './schema-json.js';

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;
const WS = /[ \t\n\r]*/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Parses JSON text into a {@link SchemaJson}, keeping object members in source order (a
 * repeated key keeps its first position and its last value, as nlohmann's ordered_json
 * does). Nesting deeper than `maxDepth` is refused rather than risking the stack.
 */
export function parseJson(text: string, maxDepth: number): SchemaJson {
  return new JsonTextParser(text, maxDepth).parseDocument();
}

class JsonTextParser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  parseDocument(): SchemaJson {
    // A UTF-8 byte order mark is tolerated, as the reference's JSON library does.
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1;
    const value = this.value(0);
    this.skipWs();
    if (this.pos < this.text.length) this.fail('unexpected text after the JSON value');
    return value;
  }

  private fail(what: string): never {
    throw new GbnfSchemaError('invalid-json', `Schema is not valid JSON: ${what} (offset ${this.pos})`, '');
  }

  private skipWs(): void {
    WS.lastIndex = this.pos;
    WS.test(this.text);
    this.pos = WS.lastIndex;
  }

  private value(depth: number): SchemaJson {
    this.skipWs();
    const c = this.text[this.pos];
    if (c === '{' || c === '[') {
      if (depth >= this.maxDepth) {
        throw new GbnfSchemaError('too-deep', `Schema nesting exceeds ${this.maxDepth} levels (offset ${this.pos})`, '');
      }
      return c === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === '"') return this.string();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail(c === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(c)}`);
    this.pos = NUMBER.lastIndex;
    return Number(match[0]);
  }

  private object(depth: number): SchemaJson {
    const members = new Map<string, SchemaJson>();
    this.pos++;
    this.skipWs();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return members;
    }
    for (;;) {
      this.skipWs();
      if (this.text[this.pos] !== '"') this.fail('expected a string key');
      const key = this.string();
      this.skipWs();
      if (this.text[this.pos] !== ':') this.fail("expected ':'");
      this.pos++;
      members.set(key, this.value(depth));
      this.skipWs();
      const next = this.text[this.pos++];
      if (next === '}') return members;
      if (next !== ',') this.fail("expected ',' or '}'");
    }
  }

  private array(depth: number): SchemaJson {
    const items: SchemaJson[] = [];
    this.pos++;
    this.skipWs();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth));
      this.skipWs();
      const next = this.text[this.pos++];
      if (next === ']') return items;
      if (next !== ',') this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    this.pos++;
    let out = '';
    for (;;) {
      const start = this.pos;
      // Runs of ordinary characters are copied in one slice.
      for (let code = this.text.charCodeAt(this.pos); code >= 0x20 && code !== 0x22 && code !== 0x5c; ) {
        code = this.text.charCodeAt(++this.pos);
      }
      out += this.text.slice(start, this.pos);
      const c = this.text[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c !== '\\') this.fail(c === undefined ? 'unterminated string' : 'control character in string');
      const e = this.text[this.pos + 1] ?? '';
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        this.pos += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
        out += String.fromCharCode(parseInt(this.text.slice(this.pos + 2, this.pos + 6), 16));
        this.pos += 6;
      } else {
        this.fail('invalid escape in string');
      }
    }
  }
}
