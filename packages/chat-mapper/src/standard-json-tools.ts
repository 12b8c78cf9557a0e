import type { Parser, ParserLike } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { functionTools, toolParameters, type ChatTool } from './chat-tool.js';

/** How a model writes JSON tool calls, for {@link standardJsonTools}. */
export interface JsonToolsLayout {
  /** Text before the calls (a section or per-call marker; may be empty). */
  readonly start: string;
  /** Text after the calls (may be empty). */
  readonly end: string;
  /** How `start` is read, when not literally (a lenient parser's recoveries). */
  readonly startParser?: ParserLike;
  /** How `end` is read, when not literally (a lenient parser's recoveries). */
  readonly endParser?: ParserLike;
  /** The tools that may be called. */
  readonly tools: readonly ChatTool[];
  /** Several calls, separated by commas. */
  readonly parallel: boolean;
  /** Calls are required (not optional). */
  readonly force: boolean;
  /** Key of the function name (`name`; `function.name` for nested objects). */
  readonly nameKey?: string;
  /** Key of the arguments (`arguments`; `function.arguments` for nested objects). */
  readonly argsKey?: string;
  /** The calls are inside a JSON array. */
  readonly arrayWrapped?: boolean;
  /** The function name is the object's key: `{"get_weather": {...}}`. */
  readonly functionIsKey?: boolean;
  /** Key of a call id the model copies (string). */
  readonly idKey?: string;
  /** Key of a call id the model generates (string or number). */
  readonly genIdKey?: string;
  /** Order of the keys in a flat call object. */
  readonly parameterOrder?: readonly string[];
}

const splitKey = (key: string): [string, string] => {
  const dot = key.indexOf('.');
  return dot < 0 ? ['', key] : [key.slice(0, dot), key.slice(dot + 1)];
};

/**
 * The standard parser for tool calls written as JSON objects: function name as key, nested
 * (`{"function": {"name", "arguments"}}`) or flat keys, optional id fields, optional array
 * wrapping and parallel calls. The section is the trigger rule `tool-call`, optional unless
 * `force`. With no tools it matches nothing.
 */
export function standardJsonTools(p: ChatBuilder, layout: JsonToolsLayout): Parser {
  const tools = functionTools(layout.tools);
  if (tools.length === 0) return p.eps();
  const nameKey = layout.nameKey === undefined || layout.nameKey === '' ? 'name' : layout.nameKey;
  const argsKey = layout.argsKey === undefined || layout.argsKey === '' ? 'arguments' : layout.argsKey;
  const quoted = (k: string): string => `"${k}"`;
  const key = (k: string): Parser => p.sequence(quoted(k), p.space(), ':', p.space());
  const stringOrNumberId = (): Parser =>
    p.choice(p.sequence('"', p.toolId(p.jsonStringContent()), '"'), p.toolId(p.jsonNumber()));
  const args = (name: string, tool: ChatTool): Parser => p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));

  const choices: Parser[] = [];
  for (const tool of tools) {
    const name = tool.function.name;
    let body: Parser;
    if (layout.functionIsKey) {
      const fields: Parser[] = [];
      if (layout.idKey) {
        const id = p.atomic(p.sequence(key(layout.idKey), '"', p.toolId(p.jsonStringContent()), '"'));
        fields.push(p.optional(p.sequence(id, p.space(), p.optional(p.sequence(',', p.space())))));
      }
      if (layout.genIdKey) {
        const id = p.atomic(p.sequence(key(layout.genIdKey), stringOrNumberId()));
        fields.push(p.optional(p.sequence(id, p.space(), p.optional(p.sequence(',', p.space())))));
      }
      const argsOnly = layout.argsKey === undefined || layout.argsKey === '';
      fields.push(argsOnly ? args(name, tool) : p.sequence(key(argsKey), args(name, tool)));
      const inner =
        argsOnly && fields.length === 1
          ? fields[0]!
          : p.sequence('{', p.space(), ...fields.flatMap((f, i) => (i > 0 ? [p.space(), f] : [f])), p.space(), '}');
      body = p.sequence(p.toolOpen('{'), p.space(), '"', p.toolName(p.literal(name)), '"', p.space(), ':', p.space(), inner, p.space(), p.toolClose('}'));
    } else {
      const [namePrefix, nameField] = splitKey(nameKey);
      const [argsPrefix, argsField] = splitKey(argsKey);
      const nameParser = (field: string): Parser =>
        p.sequence(key(field), p.atomic(p.sequence('"', p.toolName(p.literal(name)), '"')));
      if (namePrefix !== '' || argsPrefix !== '') {
        const nested = p.sequence('{', p.space(), nameParser(nameField), p.space(), ',', p.space(), key(argsField), args(name, tool), p.space(), '}');
        const parts: Parser[] = [p.toolOpen('{'), p.space()];
        for (const idKey of [layout.idKey, layout.genIdKey]) {
          if (!idKey || idKey.includes('.')) continue;
          const id =
            idKey === layout.idKey
              ? p.atomic(p.sequence(key(idKey), '"', p.toolId(p.jsonStringContent()), '"'))
              : p.atomic(p.sequence(key(idKey), stringOrNumberId()));
          parts.push(p.optional(p.sequence(id, p.space(), ',', p.space())));
        }
        parts.push(key(namePrefix !== '' ? namePrefix : argsPrefix), nested, p.space(), p.toolClose('}'));
        body = p.sequence(...parts);
      } else {
        const fields: [Parser, string][] = [
          [nameParser(nameKey), nameKey],
          [p.sequence(key(argsKey), args(name, tool)), argsKey],
        ];
        if (layout.idKey) fields.push([p.optional(p.atomic(p.sequence(key(layout.idKey), stringOrNumberId()))), layout.idKey]);
        if (layout.genIdKey) fields.push([p.optional(p.atomic(p.sequence(key(layout.genIdKey), stringOrNumberId()))), layout.genIdKey]);
        const order = layout.parameterOrder ?? [];
        const rank = (k: string): number => (order.includes(k) ? order.indexOf(k) : order.length);
        // A stable sort keeps the natural order for keys the template never showed.
        fields.sort((a, b) => rank(a[1]) - rank(b[1]));
        const joined = fields.flatMap(([f], i) => (i > 0 ? [p.space(), ',', p.space(), f] : [f]));
        body = p.sequence(p.toolOpen('{'), p.space(), ...joined, p.space(), p.toolClose('}'));
      }
    }
    choices.push(p.sharedRule(`tool-${name}`, () => p.tool(body)));
  }
  const choice = p.choice(...choices);
  let calls = layout.parallel ? p.sequence(choice, p.zeroOrMore(p.sequence(p.space(), ',', p.space(), choice))) : choice;
  if (layout.arrayWrapped) calls = p.sequence('[', p.space(), calls, p.space(), ']');
  // Templates may write a newline after the section's end marker (Command R+'s "```\n").
  const after = layout.end.trim() !== '' ? p.space() : p.eps();
  const section = p.sharedRule('tool-call', () => p.sequence(layout.startParser ?? layout.start, p.space(), calls, p.space(), layout.endParser ?? layout.end, after), true);
  return layout.force ? section : p.optional(section);
}
