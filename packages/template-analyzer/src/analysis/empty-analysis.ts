import type { TemplateAnalysis } from './analysis-types.js';

/**
 * An analysis that found nothing: plain content, no reasoning, no tools. The JSON field
 * names default to the OpenAI layout (`function.name`, `function.arguments`), as the
 * reference's do. Each call returns a fresh object, free to mutate.
 */
export function createEmptyAnalysis(): TemplateAnalysis {
  return {
    caps: {
      supports_tool_calls: false,
      supports_parallel_tool_calls: false,
      supports_system_role: false,
      supports_tool_responses: false,
      supports_typed_content: false,
      supports_object_arguments: false,
      supports_enable_thinking: false,
      reasoning_effort_levels: [],
    },
    user_start: '',
    assistant_start: '',
    reasoning: { mode: 'NONE', start: '', end: '' },
    content: { mode: 'PLAIN', start: '', end: '', requires_nonnull_content: false },
    tools: {
      format: {
        mode: 'NONE',
        section_start: '',
        section_end: '',
        per_call_start: '',
        per_call_end: '',
        fun_name_is_key: false,
        tools_array_wrapped: false,
        function_field: 'function',
        name_field: 'name',
        args_field: 'arguments',
        id_field: '',
        gen_id_field: '',
        parameter_order: [],
      },
      function: { name_prefix: '', name_suffix: '', close: '' },
      arguments: {
        start: '',
        end: '',
        name_prefix: '',
        name_suffix: '',
        value_prefix: '',
        value_suffix: '',
        separator: '',
      },
      call_id: { pos: 'NONE', prefix: '', suffix: '' },
    },
    preserved_tokens: [],
    appliedPlugins: [],
    warnings: [],
  };
}

/** A deep copy of `analysis` that shares nothing with it. */
export function cloneAnalysis(analysis: TemplateAnalysis): TemplateAnalysis {
  return structuredClone(analysis);
}
