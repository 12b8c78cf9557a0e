import type { Parser } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { functionTools, toolParameters, type ChatTool } from './chat-tool.js';

/**
 * One call written as a JSON object, `{"name": "NAME", "arguments": {…}}` (`parameters` for
 * `arguments`, an optional string `"id"` after them), of one of `tools`: the shape models
 * fall back on when they forget their own format. For parse-only recoveries: its rules are
 * named `recover-json-call-NAME`, apart from the canonical `tool-NAME` rules.
 */
export function jsonCallObject(p: ChatBuilder, tools: readonly ChatTool[]): Parser {
  const key = (k: Parser | string): Parser => p.sequence(k, p.space(), ':', p.space());
  const calls = functionTools(tools).map((tool) => {
    const name = tool.function.name;
    return p.sharedRule(`recover-json-call-${name}`, () => {
      const named = p.sequence(key('"name"'), '"', p.toolName(p.literal(name)), '"');
      const args = p.sequence(
        key(p.choice('"arguments"', '"parameters"')),
        p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool))),
      );
      const id = p.optional(p.sequence(p.space(), ',', p.space(), key('"id"'), '"', p.toolId(p.jsonStringContent()), '"'));
      const open = p.toolOpen(p.sequence('{', p.space(), named, p.space(), ',', p.space()));
      return p.tool(p.sequence(open, args, id, p.space(), p.toolClose('}')));
    });
  });
  return p.choice(...calls);
}

/** A JSON array of {@link jsonCallObject} calls: one, or several when `parallel`. */
export function jsonCallArray(p: ChatBuilder, tools: readonly ChatTool[], parallel: boolean): Parser {
  const call = jsonCallObject(p, tools);
  const more = parallel ? [p.zeroOrMore(p.sequence(p.space(), ',', p.space(), call))] : [];
  return p.sequence('[', p.space(), call, ...more, p.space(), ']');
}
