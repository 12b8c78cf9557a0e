import type { CheckImplementations } from './check-registry.js';
import { checkGrammar, checkParse, checkReconstruction, checkStream, checkWarnings } from './checks/chat-checks.js';
import { checkAcceptance, checkSchemaGrammar } from './checks/grammar-checks.js';
import { checkAnalysis, checkPrompt, checkSelfCheck } from './checks/template-checks.js';

/**
 * The checks backed by autoparser's packages, laid over the defaults by the command line.
 * Kept apart from the runner so the runner can be tested without them.
 */
export const productChecks: CheckImplementations = {
  'json-schema-to-gbnf': { grammar: checkSchemaGrammar },
  'grammar-acceptance': { accept: checkAcceptance },
  'template-analysis': { analysis: checkAnalysis, 'self-check': checkSelfCheck },
  'chat-cases': {
    prompt: checkPrompt,
    parse: checkParse,
    stream: checkStream,
    grammar: checkGrammar,
    reconstruction: checkReconstruction,
    warnings: checkWarnings,
  },
};
