import type { Parser } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { functionTools, type ChatTool } from './chat-tool.js';
import { lenientCallObject } from './standard-json-tools.js';

/**
 * One call written as a JSON object, `{"name": "NAME", "arguments": {…}}`, of one of `tools`:
 * the shape models fall back on when they forget their own format. Read as leniently as any
 * JSON call format reads its own (keys from `JSON_CALL_KEYS`, either order, an id, the OpenAI
 * function wrapper). Only for parse-only recoveries, whose rule names the whole object (its
 * deviations are not reported apart); its rules are named `recover-json-call-NAME`, apart
 * from the canonical `tool-NAME` rules.
 */
export function jsonCallObject(p: ChatBuilder, tools: readonly ChatTool[]): Parser {
  const calls = functionTools(tools).map((tool) =>
    p.sharedRule(`recover-json-call-${tool.function.name}`, () =>
      p.tool(lenientCallObject(p, tool, { nameKey: 'name', argsKey: 'arguments', order: [[p.eps(), 'name'], [p.eps(), 'arguments']], quiet: true })),
    ),
  );
  return p.choice(...calls);
}

/** A JSON array of {@link jsonCallObject} calls: one, or several when `parallel`. */
export function jsonCallArray(p: ChatBuilder, tools: readonly ChatTool[], parallel: boolean): Parser {
  const call = jsonCallObject(p, tools);
  const more = parallel ? [p.zeroOrMore(p.sequence(p.space(), ',', p.space(), call))] : [];
  return p.sequence('[', p.space(), call, ...more, p.space(), ']');
}
