/** A chat message as the probes render it (OpenAI shape; tool-call arguments are objects). */
export type ProbeMessage = Readonly<Record<string, unknown>>;

/** What one probe render asks of the template. */
export interface ProbeRenderParams {
  /** The conversation. */
  readonly messages: readonly ProbeMessage[];
  /** Tool definitions; `undefined` or empty leaves `tools` undefined in the template. */
  readonly tools?: readonly ProbeMessage[] | undefined;
  /** Whether to append the assistant generation prompt. */
  readonly add_generation_prompt: boolean;
  /** The `enable_thinking` template variable. */
  readonly enable_thinking: boolean;
  /** More template variables (a request's `chat_template_kwargs`), set last. */
  readonly variables?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Renders `source` with `params`; throws when the template fails (syntax error, runtime
 * error, `raise_exception`). The analysis only ever compares two renders of one template,
 * so any faithful Jinja renderer will do.
 */
export type ProbeRenderer = (source: string, params: ProbeRenderParams) => string;
