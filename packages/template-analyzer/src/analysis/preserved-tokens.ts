import { trimWhitespace } from '@autoparser/diff-utils';
import type { ContentAnalysis, ReasoningAnalysis } from './analysis-types.js';
import type { ToolsDraft } from './tools-draft.js';

/**
 * Every non-empty marker the analysis found, trimmed and without duplicates, in a fixed
 * order (reasoning, content, section, call, function, arguments, call id): the tokens a
 * tokenizer must keep whole.
 */
export function collectPreservedTokens(reasoning: ReasoningAnalysis, content: ContentAnalysis, tools: ToolsDraft): string[] {
  const { format, function: fn, arguments: args, call_id: callId } = tools;
  const tokens: string[] = [];
  for (const marker of [
    reasoning.start,
    reasoning.end,
    content.start,
    content.end,
    format.section_start,
    format.section_end,
    format.per_call_start,
    format.per_call_end,
    fn.name_prefix,
    fn.name_suffix,
    tools.argsSeparator,
    fn.close,
    args.start,
    args.end,
    args.name_prefix,
    args.name_suffix,
    args.separator,
    args.value_prefix,
    args.value_suffix,
    callId.prefix,
    callId.suffix,
  ]) {
    const token = trimWhitespace(marker);
    if (token !== '' && !tokens.includes(token)) tokens.push(token);
  }
  return tokens;
}
