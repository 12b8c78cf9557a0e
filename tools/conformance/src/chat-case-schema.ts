import type { ChatCase } from './chat-case-types.js';
import { arrayOf, bool, jsonObject, nullable, object, oneOf, str } from './validators.js';
import type { Validator } from './validators.js';

const toolCall = object(
  { type: oneOf('function'), function: object({ name: str, arguments: str }) },
  { id: str },
);

const trigger = object({ type: oneOf('word', 'pattern', 'pattern_full', 'token'), value: str });

const message = object(
  { role: str, content: str },
  { reasoning_content: str, tool_calls: arrayOf(toolCall), tool_call_id: str },
);

const tool = object({
  type: oneOf('function'),
  function: object({ name: str }, { description: str, parameters: jsonObject }),
});

/** Validates one line of `chat-cases.jsonl`. */
export const chatCaseSchema: Validator<ChatCase> = object({
  id: str,
  template: str,
  params: object({
    messages: arrayOf(message),
    tools: nullable(arrayOf(tool)),
    tool_choice: oneOf('auto', 'required', 'none'),
    json_schema: str,
    parallel_tool_calls: bool,
    reasoning_format: oneOf('none', 'auto', 'deepseek', 'deepseek-legacy'),
    enable_thinking: bool,
    add_generation_prompt: bool,
    continue_final_message: oneOf('none', 'auto', 'reasoning', 'content'),
    now: str,
  }),
  input: str,
  is_partial: bool,
  expect_reconstruction: bool,
  expect: object({ role: str, content: str }, { reasoning_content: str, tool_calls: arrayOf(toolCall) }),
  reference: object({
    format: str,
    prompt: str,
    generation_prompt: str,
    grammar: str,
    grammar_lazy: bool,
    grammar_triggers: arrayOf(trigger),
    preserved_tokens: arrayOf(str),
    thinking_start_tag: str,
    thinking_end_tag: str,
    additional_stops: arrayOf(str),
  }),
});
