import type { CheckImplementations } from './check-registry.js';
import {
  checkGrammar,
  checkParse,
  checkReconstruction,
  checkStream,
  checkStrict,
  checkWarnings,
  parsedOutputFor,
} from './checks/chat-checks.js';
import { checkAcceptance, checkSchemaGrammar } from './checks/grammar-checks.js';
import { checkAnalysis, checkPrompt, checkSelfCheck } from './checks/template-checks.js';
import { withDeliberateDifferences, type DeliberateDifference } from './deliberate-differences.js';

/**
 * The checks backed by autoparser's packages, laid over the defaults by the command line.
 * Kept apart from the runner so the runner can be tested without them. The chat-case checks
 * run the default (lenient) parser, except where `differences` (the committed
 * `deliberate-differences.json`) list a case: that check runs strict there; `strict` runs the
 * strict parser on every case.
 */
export function productChecks(differences: readonly DeliberateDifference[] = []): CheckImplementations {
  const rulesFired: Parameters<typeof withDeliberateDifferences>[3] = (record, context) =>
    (parsedOutputFor(record, context, 'lenient').warnings ?? []).flatMap((w) => (w.code === 'recovered' && w.rule !== undefined ? [w.rule] : []));
  return {
    'json-schema-to-gbnf': { grammar: checkSchemaGrammar },
    'grammar-acceptance': { accept: checkAcceptance },
    'template-analysis': { analysis: checkAnalysis, 'self-check': checkSelfCheck },
    'chat-cases': {
      prompt: checkPrompt,
      parse: withDeliberateDifferences('parse', checkParse, differences, rulesFired),
      stream: withDeliberateDifferences('stream', checkStream, differences, rulesFired),
      // The grammar is canonical in both modes.
      grammar: checkGrammar,
      reconstruction: withDeliberateDifferences('reconstruction', checkReconstruction, differences, rulesFired),
      warnings: withDeliberateDifferences('warnings', checkWarnings, differences, rulesFired),
      strict: checkStrict,
    },
  };
}
