import { arenaToGbnf } from '@autoparser/gbnf-emitter';
import type { Arena } from '@autoparser/peg-core';
import type { TemplateAnalysis } from '@autoparser/workarounds';
import { buildChatArena, toolTriggerMarker } from './build-chat-arena.js';
import type { GeneratorInputs } from './generator-inputs.js';
import type { GrammarTrigger } from './grammar-trigger.js';

/** The parser and the constrained-decoding settings generated for one request. */
export interface GeneratedChatParser {
  /** The PEG arena; it reads `generationPrompt + output`. */
  arena: Arena;
  /** GBNF for constrained decoding ('' when none is needed). */
  grammar: string;
  /** The grammar applies only from a trigger on. */
  grammarLazy: boolean;
  /** Where a lazy grammar starts. */
  grammarTriggers: GrammarTrigger[];
  /** Marker texts that must stay single tokens. */
  preservedTokens: string[];
  /** The reasoning start marker ('' when the template has no reasoning). */
  thinkingStartTag: string;
  /** The reasoning end marker ('' when the template has no reasoning). */
  thinkingEndTag: string;
  /** Extra stop strings. */
  additionalStops: string[];
  /** Why something is missing (e.g. a grammar that could not be emitted). */
  warnings: string[];
}

/**
 * Builds the parser for a template analysis and request, and decides on the grammar: a
 * response schema always gets a full grammar; tools get one when calls are required, or a
 * lazy one triggered by the tool-call marker when they are optional (no marker: no
 * grammar, the model writes freely).
 */
export function generateChatParser(analysis: TemplateAnalysis, inputs: GeneratorInputs): GeneratedChatParser {
  const arena = buildChatArena(analysis, inputs);
  const warnings: string[] = [];
  const trigger = toolTriggerMarker(analysis);
  const hasTools = analysis.tools.format.mode !== 'NONE' && inputs.tools.length > 0;
  const hasSchema = inputs.responseSchema !== undefined;
  const withGrammar =
    hasSchema || (hasTools && ((inputs.toolChoice === 'auto' && trigger !== '') || inputs.toolChoice === 'required'));
  let grammar = '';
  let grammarLazy = false;
  let grammarTriggers: GrammarTrigger[] = [];
  if (withGrammar) {
    grammarLazy = !hasSchema && inputs.toolChoice === 'auto';
    try {
      grammar = arenaToGbnf(arena, { lazy: grammarLazy });
      if (grammarLazy) grammarTriggers = [{ type: 'word', value: trigger }];
    } catch (error) {
      grammarLazy = false;
      warnings.push(`no grammar: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const thinking = analysis.reasoning.mode !== 'NONE';
  return {
    arena,
    grammar,
    grammarLazy,
    grammarTriggers,
    preservedTokens: [...analysis.preserved_tokens],
    thinkingStartTag: thinking ? analysis.reasoning.start.trim() : '',
    thinkingEndTag: thinking ? analysis.reasoning.end.trim() : '',
    additionalStops: [],
    warnings,
  };
}
