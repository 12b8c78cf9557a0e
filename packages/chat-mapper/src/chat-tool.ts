import type { JsonValue } from '@autoparser/peg-core';

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
