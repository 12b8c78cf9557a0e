import { toXgrammarEbnf, type XgrammarEbnfProblemCode } from '@autoparser/gbnf-emitter';
import type { ChatParser } from '../chat-parser.js';
import type { ChatRequest } from '../chat-request.js';
import type { XgrammarStructuralFormat, XgrammarStructuralTag, XgrammarTag } from './structural-tag-types.js';

/**
 * Why a parser's grammar has no structural tag:
 * - `pattern-trigger`: the grammar starts at a regular-expression trigger; xgrammar's triggers
 *   are plain texts;
 * - the codes of `toXgrammarEbnf` (`token-element`, `prefix-not-accepted`…): the grammar, or
 *   what follows a trigger, has no xgrammar EBNF form.
 */
export type StructuralTagProblemCode = 'pattern-trigger' | XgrammarEbnfProblemCode;

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
  const pattern = parser.grammarTriggers.find((trigger) => trigger.type === 'pattern' || trigger.type === 'pattern_full');
  if (pattern !== undefined) {
    return { ok: false, code: 'pattern-trigger', message: `the grammar starts at pattern ${JSON.stringify(pattern.value)}; xgrammar's triggers are plain texts` };
  }
  const words = [...new Set(parser.grammarTriggers.map((trigger) => trigger.value))].filter((word) => word !== '');
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
