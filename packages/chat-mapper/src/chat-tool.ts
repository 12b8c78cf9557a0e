import type { JsonValue } from '@autoparser/peg-core';
import { isJsonObject } from './json-object.js';

/** A tool the model may call, OpenAI-style (only what parsers need). */
export interface ChatTool {
  /** `function` for function tools; other kinds are ignored. */
  readonly type?: string;
  /** The function. */
  readonly function: {
    /** The function name. */
    readonly name: string;
    /** JSON schema of the arguments object. */
    readonly parameters?: { readonly [key: string]: JsonValue } | undefined;
  };
}

/** The function tools of `tools` (entries without a named `function` are skipped). */
export function functionTools(tools: readonly ChatTool[] | null | undefined): ChatTool[] {
  return (tools ?? []).filter(
    (t): t is ChatTool =>
      typeof t === 'object' && t !== null && typeof t.function === 'object' && t.function !== null && typeof t.function.name === 'string',
  );
}

/** The JSON schema of a tool's arguments (an empty object schema when it has none). */
export function toolParameters(tool: ChatTool): JsonValue {
  return (tool.function.parameters as JsonValue | undefined) ?? { type: 'object', properties: {} };
}

/** One property of a tool's arguments schema. */
export interface ToolParameter {
  /** The property name. */
  readonly name: string;
  /** Its schema. */
  readonly schema: JsonValue;
  /** Listed in the schema's `required`. */
  readonly required: boolean;
}

/** The properties of a tool's arguments schema, in schema order (none when it lists no properties). */
export function toolParameterList(tool: ChatTool): ToolParameter[] {
  const schema = toolParameters(tool);
  if (!isJsonObject(schema)) return [];
  const props = schema['properties'];
  const listed = schema['required'];
  const required: readonly JsonValue[] = Array.isArray(listed) ? listed : [];
  if (!isJsonObject(props)) return [];
  return Object.entries(props).map(([name, value]) => ({ name, schema: value, required: required.includes(name) }));
}
