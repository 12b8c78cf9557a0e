import { outsideReasoningTriggers } from './reasoning-triggers.js';
import { arenaToGbnf } from '@autoparser/gbnf-emitter';
import type { ChatFormat, FormatContext, GrammarTrigger } from '@autoparser/chat-mapper';
import type { Arena } from '@autoparser/peg-core';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { chatBuilder, generalChatFormat, type GeneralOptions } from './build-chat-arena.js';
import { triggerPatternError } from './grammar-start.js';
import { rendersPythonContainers } from './python-containers.js';
import type { GeneratorInputs } from './generator-inputs.js';
import type { RecoveryRuleId } from '@autoparser/types';

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
  /** The literal markers of the format's triggers (see `ChatParser.grammarTriggerWords`). */
  grammarTriggerWords: string[];
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
  /** The plugin whose dedicated format was used, if any. */
  formatPlugin?: string;
}

/** Options of {@link generateChatParser}. */
export interface GenerateOptions {
  /** The template source, for the plugins' `matches`. */
  readonly templateSource?: string;
  /** Plugins whose `format` hook may supply a dedicated format (the first that does wins). */
  readonly plugins?: readonly WorkaroundPlugin[];
  /** Recovery rules the lenient parser leaves out. */
  readonly disabledRecoveries?: readonly RecoveryRuleId[];
}

/**
 * Throws when a trigger's pattern is no regular expression: a plugin's mistake then costs the
 * grammar (with a warning naming the trigger) at creation, not a throw at every later check.
 */
function checkTriggerPattern(trigger: GrammarTrigger, index: number): void {
  const why = triggerPatternError(trigger);
  if (why !== undefined) throw new Error(`grammar trigger ${index} (${trigger.type} ${JSON.stringify(trigger.value)}) is not a valid regular expression: ${why}`);
}

/** The first dedicated format a matching plugin supplies, else the general one. */
function chooseFormat(
  analysis: TemplateAnalysis,
  inputs: GeneratorInputs,
  options: GenerateOptions,
  pythonContainers: (source: string) => boolean,
): { format: ChatFormat; builder: ReturnType<typeof chatBuilder>; plugin?: string } {
  const source = options.templateSource;
  // The probe renders the template: only for the general format, which alone uses it.
  const general = (): GeneralOptions => ({
    pythonContainers: source !== undefined && analysis.tools.format.mode === 'TAG_WITH_TAGGED' && inputs.tools.length > 0 && pythonContainers(source),
  });
  if (source !== undefined) {
    for (const plugin of options.plugins ?? []) {
      if (plugin.format === undefined || !plugin.matches(source)) continue;
      const builder = chatBuilder(options.disabledRecoveries, inputs.lenient);
      const context: FormatContext<TemplateAnalysis> = {
        builder,
        request: inputs,
        templateSource: source,
        analysis,
        general: () => generalChatFormat(builder, analysis, inputs, general()),
      };
      const format = plugin.format(context);
      if (format !== undefined) return { format, builder, plugin: plugin.name };
    }
  }
  const builder = chatBuilder(options.disabledRecoveries, inputs.lenient);
  return { format: generalChatFormat(builder, analysis, inputs, general()), builder };
}

/**
 * Builds the parser for a template analysis and request — a plugin's dedicated format when
 * one applies, else the general one — and emits its grammar.
 */
export function generateChatParser(analysis: TemplateAnalysis, inputs: GeneratorInputs, options: GenerateOptions = {}): GeneratedChatParser {
  return generateWithProbe(analysis, inputs, options, (source) => rendersPythonContainers(source, options.plugins));
}

/**
 * {@link generateChatParser} with the template's Python-container probe supplied by the
 * caller: a compiled template probes once and reuses the answer for all its requests.
 *
 * @internal
 */
export function generateWithProbe(
  analysis: TemplateAnalysis,
  inputs: GeneratorInputs,
  options: GenerateOptions,
  pythonContainers: (source: string) => boolean,
): GeneratedChatParser {
  const { format, builder, plugin } = chooseFormat(analysis, inputs, options, pythonContainers);
  const arena = builder.build(format.parser);
  const warnings: string[] = [...(format.warnings ?? [])];
  let grammar = '';
  let grammarLazy = false;
  let grammarTriggers: GrammarTrigger[] = [];
  let grammarTriggerWords: string[] = [];
  if (format.grammar !== null) {
    try {
      if (format.grammar.lazy) format.grammar.triggers.forEach(checkTriggerPattern);
      grammar = arenaToGbnf(arena, { lazy: format.grammar.lazy });
      grammarLazy = format.grammar.lazy;
      // A trigger word inside reasoning is the model thinking about a call, not making one.
      if (grammarLazy) {
        grammarTriggerWords = format.grammar.triggers.flatMap((t) => (t.type === 'word' || t.type === 'token' ? [t.value] : []));
        grammarTriggers = format.grammar.triggersEndReasoning === true
          ? [...format.grammar.triggers]
          : outsideReasoningTriggers(format.grammar.triggers, format.thinkingStartTag, format.thinkingEndTag, inputs.generationPrompt);
      }
    } catch (error) {
      warnings.push(`no grammar: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const generated: GeneratedChatParser = {
    arena,
    grammar,
    grammarLazy,
    grammarTriggers,
    grammarTriggerWords,
    preservedTokens: [...format.preservedTokens],
    thinkingStartTag: format.thinkingStartTag,
    thinkingEndTag: format.thinkingEndTag,
    additionalStops: [...format.additionalStops],
    warnings,
  };
  if (plugin !== undefined) generated.formatPlugin = plugin;
  return generated;
}
