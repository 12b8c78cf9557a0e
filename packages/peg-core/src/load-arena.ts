import { parseCharClass } from './char-class.js';
import { PegError } from './errors.js';
import { NODE_KINDS, UNBOUNDED, type Arena, type JsonKind, type JsonValue, type PegNode } from './nodes.js';

const JSON_KINDS: readonly JsonKind[] = ['value', 'object', 'array', 'string', 'number', 'bool', 'null', 'string_content'];

type Fields = Record<string, unknown>;

function fail(where: string, message: string): never {
  throw new PegError('invalid-arena', message, where);
}

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(node: Fields, key: string, where: string): string {
  const value = node[key];
  if (typeof value !== 'string') fail(`${where}.${key}`, 'expected a string');
  return value;
}

function bool(node: Fields, key: string, where: string): boolean {
  const value = node[key];
  if (typeof value !== 'boolean') fail(`${where}.${key}`, 'expected a boolean');
  return value;
}

function int(node: Fields, key: string, where: string, min: number): number {
  const value = node[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(`${where}.${key}`, `expected an integer ≥ ${min}`);
  return value;
}

function readNode(raw: unknown, where: string, count: number): PegNode {
  if (!isRecord(raw)) fail(where, 'expected a node object');
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(NODE_KINDS as readonly string[]).includes(kind)) fail(`${where}.kind`, `unknown node kind ${JSON.stringify(kind)}`);
  const id = (key: string): number => {
    const value = int(raw, key, where, 0);
    if (value >= count) fail(`${where}.${key}`, `node id ${value} is out of range`);
    return value;
  };
  const ids = (key: string): number[] => {
    const value = raw[key];
    if (!Array.isArray(value)) fail(`${where}.${key}`, 'expected an array of node ids');
    return value.map((v: unknown, i) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= count) {
        fail(`${where}.${key}[${i}]`, 'expected a node id in range');
      }
      return v;
    });
  };
  switch (kind as PegNode['kind']) {
    case 'eps':
    case 'start':
    case 'end':
    case 'any':
    case 'space':
    case 'rest':
      return { kind } as PegNode;
    case 'literal':
      return { kind: 'literal', text: str(raw, 'text', where) };
    case 'sequence':
    case 'choice':
      return { kind: kind as 'sequence' | 'choice', children: ids('children') };
    case 'repeat': {
      const min = int(raw, 'min', where, 0);
      const max = int(raw, 'max', where, UNBOUNDED);
      if (max !== UNBOUNDED && max < min) fail(`${where}.max`, 'max is below min');
      return { kind: 'repeat', child: id('child'), min, max };
    }
    case 'peek':
    case 'negate':
    case 'atomic':
      return { kind: kind as 'peek' | 'negate' | 'atomic', child: id('child') };
    case 'chars': {
      const pattern = str(raw, 'pattern', where);
      const { ranges, negated } = parseCharClass(pattern);
      return { kind: 'chars', pattern, ranges, negated, min: int(raw, 'min', where, 0), max: int(raw, 'max', where, UNBOUNDED) };
    }
    case 'until': {
      const delimiters = raw.delimiters;
      if (!Array.isArray(delimiters) || !delimiters.every((d) => typeof d === 'string')) {
        fail(`${where}.delimiters`, 'expected an array of strings');
      }
      return { kind: 'until', delimiters };
    }
    case 'json': {
      const json = str(raw, 'json', where);
      if (!(JSON_KINDS as readonly string[]).includes(json)) fail(`${where}.json`, `unknown JSON kind ${JSON.stringify(json)}`);
      return { kind: 'json', json: json as JsonKind };
    }
    case 'rule':
      return { kind: 'rule', name: str(raw, 'name', where), child: id('child'), trigger: bool(raw, 'trigger', where) };
    case 'ref':
      return { kind: 'ref', name: str(raw, 'name', where) };
    case 'schema':
      if (!('schema' in raw)) fail(`${where}.schema`, 'missing schema');
      return {
        kind: 'schema',
        child: id('child'),
        name: str(raw, 'name', where),
        schema: raw.schema as JsonValue,
        raw: bool(raw, 'raw', where),
      };
    case 'tag':
      return { kind: 'tag', tag: str(raw, 'tag', where), child: id('child') };
    case 'dual':
      return { kind: 'dual', parse: id('parse'), grammar: id('grammar') };
    case 'recover':
      return { kind: 'recover', rule: str(raw, 'rule', where), child: id('child') };
  }
}

/**
 * Loads an arena from its JSON form (a string, or the value `JSON.parse` gives), checking
 * every node, id and rule; the result parses exactly as the arena that was serialised.
 *
 * @throws {@link PegError} `invalid-arena` naming the offending path, `undefined-rule` for a
 * reference to a missing rule.
 */
export function loadArena(json: unknown): Arena {
  let data = json;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch (error) {
      fail('$', `not JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(data)) fail('$', 'expected an arena object');
  if (data.format !== 'autoparser-peg' || data.version !== 1) fail('$.format', 'not an autoparser-peg arena of version 1');
  if (!Array.isArray(data.nodes)) fail('$.nodes', 'expected an array');
  const count = data.nodes.length;
  const nodes = data.nodes.map((raw, i) => Object.freeze(readNode(raw, `$.nodes[${i}]`, count)));
  if (!isRecord(data.rules)) fail('$.rules', 'expected an object');
  const rules: Record<string, number> = {};
  for (const [name, id] of Object.entries(data.rules)) {
    const node = typeof id === 'number' ? nodes[id] : undefined;
    if (node?.kind !== 'rule' || node.name !== name) fail(`$.rules.${name}`, 'does not point at its rule node');
    rules[name] = id as number;
  }
  for (const node of nodes) {
    if (node.kind === 'ref' && !(node.name in rules)) throw new PegError('undefined-rule', `rule "${node.name}" is not defined`, node.name);
  }
  const root = int(data, 'root', '$', 0);
  if (root >= count) fail('$.root', `node id ${root} is out of range`);
  return Object.freeze({
    format: 'autoparser-peg',
    version: 1,
    nodes: Object.freeze(nodes),
    rules: Object.freeze(rules),
    root,
    pythonDicts: bool(data, 'pythonDicts', '$'),
  });
}
