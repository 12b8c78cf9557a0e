import type { ChatTool } from '@autoparser/chat-mapper';
import type { JsonValue } from '@autoparser/peg-core';
import type { ToolChoice } from './chat-request.js';

/** What the parser generator needs from a request, already normalised. */
export interface GeneratorInputs {
  /** Function tools offered to the model. */
  readonly tools: readonly ChatTool[];
  /** Whether tools may, must or must not be called. */
  readonly toolChoice: ToolChoice;
  /** Several calls in one answer. */
  readonly parallelToolCalls: boolean;
  /** The response schema, when the answer must be JSON. */
  readonly responseSchema: { readonly [key: string]: JsonValue } | undefined;
  /** Reasoning goes to `reasoning_content` (any reasoning format but `none`). */
  readonly extractReasoning: boolean;
  /** The generation prompt the template appends (before any continued message). */
  readonly generationPrompt: string;
}
