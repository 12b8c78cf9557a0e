// gbnf-emitter: JSON Schema → GBNF on the largest schemas of the reference data, and the
// GBNF matcher over 32 KB of JSON.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchGbnf, parseGbnf, schemaToGbnf } from '@autoparser/gbnf-emitter';
import { runCases, utf8Bytes } from './report.mjs';

const data = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/conformance/json-schema-to-gbnf.jsonl');

function largestSchemas(count) {
  return readFileSync(data, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((record) => record.status === 'SUCCESS')
    .sort((a, b) => b.schema.length - a.schema.length)
    .slice(0, count);
}

function sampleJson(minBytes) {
  const items = [];
  let text = '[]';
  for (let i = 0; utf8Bytes(text) < minBytes; i++) {
    items.push({ id: i, name: `item ${i} ünïcödé 😀 "q"`, tags: ['a', null, true], price: -12.5e3 + i / 7, nested: { ok: i % 2 === 0, list: [[1, 2], {}] } });
    text = JSON.stringify(items, null, 2);
  }
  return text;
}

const JSON_GBNF = String.raw`root ::= ws value
value ::= object | array | string | number | ("true" | "false" | "null") ws
object ::= "{" ws ( string ":" ws value ( "," ws string ":" ws value )* )? "}" ws
array ::= "[" ws ( value ( "," ws value )* )? "]" ws
string ::= "\"" ( [^"\\] | "\\" ( ["\\/bfnrt] | "u" [0-9a-fA-F]{4} ) )* "\"" ws
number ::= "-"? ( "0" | [1-9] [0-9]* ) ( "." [0-9]+ )? ( [eE] [-+]? [0-9]+ )? ws
ws ::= [ \t\n\r]*`;

export async function benchGbnfEmitter() {
  const schemas = largestSchemas(3).map((record) => ({
    name: `schemaToGbnf: ${record.name}`.slice(0, 34),
    bytes: utf8Bytes(record.schema),
    fn: () => schemaToGbnf(record.schema),
  }));
  const grammar = parseGbnf(JSON_GBNF);
  const json = sampleJson(32 * 1024);
  if (matchGbnf(grammar, json).status !== 'accepted') throw new Error('benchmark JSON is not accepted');
  const matcher = { name: 'matchGbnf: 32 KB of JSON', bytes: utf8Bytes(json), fn: () => matchGbnf(grammar, json) };
  return runCases('@autoparser/gbnf-emitter (median of runs)', [...schemas, matcher]);
}
