import { escapeRegex } from '../reasoning-triggers.js';
import { toXgrammarEbnf, type XgrammarEbnfProblemCode } from '@autoparser/gbnf-emitter';
import type { ChatParser } from '../chat-parser.js';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser, type ChatParserOptions } from '../create-chat-parser.js';
import { functionCallSyntax } from './call-syntax.js';
import type { XgrammarStructuralFormat, XgrammarStructuralTag, XgrammarTag } from './structural-tag-types.js';

/**
 * Why a parser's grammar has no structural tag:
 * - `pattern-trigger`: the grammar starts at a regular-expression trigger; xgrammar's triggers
 *   are plain texts;
 * - `no-call-syntax` ({@link toSchemaStructuralTag}): the template's calls do not write their
 *   arguments as one JSON object after the function name;
 * - the codes of `toXgrammarEbnf` (`token-element`, `prefix-not-accepted`…): the grammar, or
 *   what follows a trigger, has no xgrammar EBNF form.
 */
export type StructuralTagProblemCode = 'pattern-trigger' | 'no-call-syntax' | XgrammarEbnfProblemCode;

/** The result of {@link toStructuralTag}: the tag, or why there is none. */
export type StructuralTagResult =
  | {
      /** Succeeded. */
      readonly ok: true;
      /** The structural tag. */
      readonly structuralTag: XgrammarStructuralTag;
    }
  | {
      /** Failed. */
      readonly ok: false;
      /** Why, as a stable code. */
      readonly code: StructuralTagProblemCode;
      /** Why, in words. */
      readonly message: string;
    };

/** A reasoning block the output may open (or, when the prompt opened it, must close) before anything else. */
function withReasoning(parser: ChatParser, rest: XgrammarStructuralFormat): XgrammarStructuralFormat {
  const { thinkingStartTag: start, thinkingEndTag: end } = parser;
  if (end === '') return rest;
  const openedByPrompt = start !== '' && parser.generationPrompt.trimEnd().endsWith(start.trimEnd());
  if (openedByPrompt) {
    return { type: 'sequence', elements: [{ type: 'tag', begin: '', content: { type: 'any_text' }, end }, rest] };
  }
  if (start === '') return rest;
  const block: XgrammarTag = { type: 'tag', begin: start, content: { type: 'any_text' }, end };
  return { type: 'or', elements: [{ type: 'sequence', elements: [block, rest] }, rest] };
}

/**
 * xgrammar's structural tag for a parser's grammar (vLLM / SGLang `structural_tag` response
 * format, `Grammar.fromStructuralTag`): free text where a lazy grammar would not apply yet,
 * each trigger word opening a tag whose body is the rest of the grammar in xgrammar's EBNF;
 * a grammar that applies from the start becomes one grammar body, no grammar free text. A
 * required tool choice sets `at_least_one`, `parallel_tool_calls: false` sets
 * `stop_after_first`. A reasoning block may come first, its text free (triggers inside it
 * start nothing).
 *
 * @example
 * ```ts
 * const parser = createChatParser(template, request);
 * const result = toStructuralTag(parser, request);
 * if (result.ok) body.structural_tag = JSON.stringify(result.structuralTag);
 * ```
 *
 * @param parser - The parser built for the request.
 * @param request - The request (its `tool_choice` and `parallel_tool_calls`).
 * @returns `{ ok: true, structuralTag }`, or `{ ok: false, code, message }`; never throws.
 */
export function toStructuralTag(parser: ChatParser, request?: ChatRequest): StructuralTagResult {
  if (parser.grammar === '') return { ok: true, structuralTag: { type: 'structural_tag', format: { type: 'any_text' } } };
  if (!parser.grammarLazy) {
    // An eager grammar reads the generation prompt too; the engine constrains what follows it.
    const ebnf = toXgrammarEbnf(parser.grammar, { skipPrefix: parser.generationPrompt });
    if (!ebnf.ok) return ebnf;
    return { ok: true, structuralTag: { type: 'structural_tag', format: { type: 'grammar', grammar: ebnf.ebnf } } };
  }
  // Word triggers kept out of reasoning by a pattern are those words here: the structural tag
  // reads the reasoning block itself (see withReasoning).
  const pattern = wordsOutsideReasoning(parser) ? undefined : parser.grammarTriggers.find((trigger) => trigger.type === 'pattern' || trigger.type === 'pattern_full');
  if (pattern !== undefined) {
    return { ok: false, code: 'pattern-trigger', message: `the grammar starts at pattern ${JSON.stringify(pattern.value)}; xgrammar's triggers are plain texts` };
  }
  const triggerWords = wordsOutsideReasoning(parser) ? parser.grammarTriggerWords : parser.grammarTriggers.map((trigger) => trigger.value);
  const words = [...new Set(triggerWords)].filter((word) => word !== '');
  const tags: XgrammarTag[] = [];
  for (const word of words) {
    const ebnf = toXgrammarEbnf(parser.grammar, { skipPrefix: word });
    if (!ebnf.ok) return ebnf;
    tags.push({ type: 'tag', begin: word, content: { type: 'grammar', grammar: ebnf.ebnf }, end: '' });
  }
  const required = request?.tool_choice === 'required' || typeof request?.tool_choice === 'object';
  const single = request?.parallel_tool_calls === false;
  const format: XgrammarStructuralFormat = {
    type: 'triggered_tags',
    triggers: words,
    tags,
    ...(required ? { at_least_one: true } : {}),
    ...(single ? { stop_after_first: true } : {}),
  };
  return { ok: true, structuralTag: { type: 'structural_tag', format: withReasoning(parser, format) } };
}

/** Whether the parser's one pattern trigger is its trigger words kept out of reasoning (it ends with a group of exactly them). */
function wordsOutsideReasoning(parser: ChatParser): boolean {
  const [only, ...more] = parser.grammarTriggers;
  if (only === undefined || more.length > 0 || only.type !== 'pattern' || parser.grammarTriggerWords.length === 0) return false;
  const group = `(${[...new Set(parser.grammarTriggerWords)].map(escapeRegex).join('|')})`;
  return only.value.endsWith(group);
}

/**
 * xgrammar's structural tag in the per-tool form vLLM and SGLang document: free text in which
 * the call's opening text starts one tag per offered tool — `begin` is the call up to its
 * arguments (`<tool_call>\n{"name": "get_weather", "arguments": `), the body the tool's JSON
 * schema, `end` the rest of the call — with `at_least_one` for a required or named choice and
 * `stop_after_first` for single calls; a reasoning block may come first. The call's shape is
 * the template's own rendering of a call (see {@link functionCallSyntax}), so it holds for
 * templates whose calls write their arguments as one JSON object after the function name;
 * with no tools it is {@link toStructuralTag}'s.
 *
 * @example
 * ```ts
 * const result = toSchemaStructuralTag(template, request);
 * if (result.ok) body.structural_tag = JSON.stringify(result.structuralTag);
 * ```
 *
 * @param template - The chat template.
 * @param request - The request (its tools, `tool_choice` and `parallel_tool_calls`).
 * @param options - Plugins and recovery options (see `createChatParser`).
 * @returns `{ ok: true, structuralTag }`, or `{ ok: false, code, message }`.
 * @throws `TemplateRenderError` when the template cannot render the request.
 */
export function toSchemaStructuralTag(template: string, request: ChatRequest, options: ChatParserOptions = {}): StructuralTagResult {
  const parser = createChatParser(template, request, options);
  const choice = request.tool_choice;
  const tools = (request.tools ?? []).filter((tool) => typeof choice !== 'object' || tool.function.name === choice.function.name);
  if (tools.length === 0 || choice === 'none') return toStructuralTag(parser, request);
  const found = functionCallSyntax(template, options);
  if (!found.ok) return { ok: false, code: 'no-call-syntax', message: found.message };
  const { prefix, paramsPrefix, suffix } = found.syntax;
  // The grammar's own trigger when the call's opening starts with it, else the opening itself.
  const trigger = parser.grammarTriggers.find((t) => (t.type === 'word' || t.type === 'token') && t.value !== '' && prefix.startsWith(t.value))?.value ?? prefix;
  const tags: XgrammarTag[] = tools.map((tool) => ({
    type: 'tag',
    begin: `${prefix}${tool.function.name}${paramsPrefix}`,
    content: { type: 'json_schema', json_schema: tool.function.parameters ?? { type: 'object' } },
    end: suffix,
  }));
  const required = choice === 'required' || typeof choice === 'object';
  const format: XgrammarStructuralFormat = {
    type: 'triggered_tags',
    triggers: [trigger],
    tags,
    ...(required ? { at_least_one: true } : {}),
    ...(request.parallel_tool_calls === false ? { stop_after_first: true } : {}),
  };
  return { ok: true, structuralTag: { type: 'structural_tag', format: withReasoning(parser, format) } };
}
