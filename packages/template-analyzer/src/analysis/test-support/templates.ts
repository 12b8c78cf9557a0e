/**
 * Small hand-written chat templates for the phase tests, one per family of formats.
 * Each renders roles with `<|im_start|>` headers so the role markers are predictable.
 */

const ROLES = `{%- for m in messages -%}<|im_start|>{{ m.role }}\n`;
const END = `<|im_end|>\n{%- endfor -%}{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif -%}`;

/** `<think>` reasoning, Qwen3-Coder-style tagged calls, thinking toggled by `enable_thinking`. */
export const TAGGED_TEMPLATE =
  ROLES +
  `{%- if m.reasoning_content %}<think>{{ m.reasoning_content }}</think>\n{% endif -%}` +
  `{{ m.content }}` +
  `{%- if m.tool_calls %}{% for tc in m.tool_calls %}<tool_call>\n<function={{ tc.function.name }}>\n` +
  `{% for k, v in tc.function.arguments | items %}<parameter={{ k }}>\n{{ v }}\n</parameter>\n{% endfor %}` +
  `</function>\n</tool_call>{% endfor %}{% endif -%}` +
  `<|im_end|>\n{%- endfor -%}{%- if add_generation_prompt %}<|im_start|>assistant\n{% if enable_thinking %}<think>\n{% endif %}{% endif -%}`;

/** Hermes-style JSON calls, one `<tool_call>` block per call. */
export const JSON_TEMPLATE =
  ROLES +
  `{{ m.content }}` +
  `{%- if m.tool_calls %}{% for tc in m.tool_calls %}<tool_call>\n{"name": "{{ tc.function.name }}", "arguments": {{ tc.function.arguments | tojson }}}\n</tool_call>{% endfor %}{% endif -%}` +
  END;

/** A tagged name with JSON arguments and a call id between them (Mistral-style). */
export const CALL_ID_TEMPLATE =
  ROLES +
  `{{ m.content }}` +
  `{%- if m.tool_calls %}{% for tc in m.tool_calls %}[TOOL_CALLS]{{ tc.function.name }}[CALL_ID]{{ tc.id }}[ARGS]{{ tc.function.arguments | tojson }}{% endfor %}{% endif -%}` +
  END;

/** Non-empty content always inside `<answer>…</answer>`, no tools. */
export const WRAPPED_TEMPLATE = ROLES + `{% if m.role == 'assistant' %}{% if m.content %}<answer>{{ m.content }}</answer>{% endif %}{% else %}{{ m.content }}{% endif %}` + END;

/** Plain content, no tools, no reasoning. */
export const PLAIN_TEMPLATE = ROLES + `{{ m.content }}` + END;

/**
 * Hy3-style suffixed tags (`<tool_calls:x>`, `<tool_call:x>NAME<tool_sep:x>`), GLM-style
 * key/value arguments, and an end-of-turn token written only after calls.
 */
export const SUFFIXED_TEMPLATE =
  `{%- for m in messages -%}<|im_start|>{{ m.role }}\n{{ m.content }}` +
  `{%- if m.tool_calls %}<tool_calls:x>\n{% for tc in m.tool_calls %}<tool_call:x>{{ tc.function.name }}<tool_sep:x>\n` +
  `{% for k, v in tc.function.arguments | items %}<arg_key:x>{{ k }}</arg_key:x>\n<arg_value:x>{{ v }}</arg_value:x>\n{% endfor %}` +
  `</tool_call:x>\n{% endfor %}</tool_calls:x><|eos:x|>{% endif -%}` +
  END;
