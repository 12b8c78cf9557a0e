/** One tool call of an assistant message, OpenAI-style. */
export interface ChatToolCallOut {
  /** Always `function`. */
  type: 'function';
  /** The call id when the model wrote one. */
  id?: string;
  /** The function called. */
  function: {
    /** The function name. */
    name: string;
    /** The arguments as JSON text (possibly unfinished while streaming). */
    arguments: string;
  };
}

/** An assistant message, OpenAI-style. */
export interface AssistantMessage {
  /** Always `assistant`. */
  role: 'assistant';
  /** The visible text ('' when there is none). */
  content: string;
  /** Reasoning text, present only when non-empty. */
  reasoning_content?: string;
  /** Tool calls, present only when there is at least one. */
  tool_calls?: ChatToolCallOut[];
}

/** The delta of one tool call in a stream chunk. */
export interface ToolCallDelta {
  /** Position of the call in `tool_calls`. */
  index: number;
  /** The call id, sent once, with the call's first delta. */
  id?: string;
  /** `function`, sent with the call's first delta. */
  type?: 'function';
  /** The call's function name (whole) and text to append to its arguments. */
  function: {
    /** The whole function name, sent when it is first known (or changes). */
    name?: string;
    /** Text to append to the arguments. */
    arguments?: string;
  };
}

/** One OpenAI stream delta: every field is text to append. */
export interface ChatDelta {
  /** Text to append to `content`. */
  content?: string;
  /** Text to append to `reasoning_content`. */
  reasoning_content?: string;
  /** Tool call deltas. */
  tool_calls?: ToolCallDelta[];
}

/** An empty assistant message. */
export function emptyMessage(): AssistantMessage {
  return { role: 'assistant', content: '' };
}
