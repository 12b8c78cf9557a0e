import { checkGeneration, type GenerationReport } from './generation.js';
import { checkAgreement, checkValidity, type AgreementReport, type CheckFailure, type ValidityReport } from './grammar-checks.js';
import { chatCaseSources, schemaSources, selfCheckSources, type GrammarSource, type SourceOptions } from './grammar-sources.js';
import { loadKnownFindings, type KnownFinding } from './known-findings.js';
import { createLlamaEngine } from './llama-engine.js';

/** The JSON report of `llama-check --json`. */
export interface LlamaCheckReport {
  readonly grammars: ValidityReport;
  readonly agreement: Pick<AgreementReport, 'agree' | 'disagree' | 'failures'>;
  readonly generation: Pick<GenerationReport, 'samples' | 'parsed' | 'schemaValid' | 'failures'>;
}

/** Figures that explain the report, shown on stderr. */
export interface LlamaCheckDetails {
  /** Grammar sources by kind (samples: finished generation samples matched by both matchers). */
  readonly sources: Readonly<Record<'chatCases' | 'selfCheck' | 'schemas' | 'samples', number>>;
  /** Agreeing texts both matchers accept (the others both refuse). */
  readonly accepted: number;
  /** Generation figures beyond the report's. */
  readonly generation: Pick<GenerationReport, 'capped' | 'recovered' | 'recoveries' | 'templates'>;
  /** Failures no known finding explains: the run fails when there are any. */
  readonly unexplained: number;
}

/** Options of {@link runLlamaCheck}. */
export interface LlamaCheckOptions extends SourceOptions {
  /** Samples per template and mode (default 3). */
  readonly samples?: number;
  /** Token cap of a sample (default 384). */
  readonly maxTokens?: number;
  /** Seed of the models and sampling (default 1). */
  readonly seed?: number;
  /** Mutations of each kind per text in the agreement check (default 2). */
  readonly mutationsPerText?: number;
  /** Known findings (default: the committed `known-findings.json`). */
  readonly known?: readonly KnownFinding[];
  /** Progress messages (a stage, or a template sampled). */
  readonly onProgress?: (message: string) => void;
}

const unexplained = (failures: readonly CheckFailure[]): number => failures.filter((f) => f.known === undefined).length;

/** Runs the three checks: validity, agreement, generation. */
export async function runLlamaCheck(options: LlamaCheckOptions = {}): Promise<{ report: LlamaCheckReport; details: LlamaCheckDetails }> {
  const progress = options.onProgress ?? (() => {});
  const known = options.known ?? loadKnownFindings();
  progress('collecting grammars');
  const chat = chatCaseSources(options);
  const self = selfCheckSources(options);
  const schemas = options.templateFilter === undefined ? schemaSources(options) : [];
  const sources: GrammarSource[] = [...chat, ...self, ...schemas];
  const engine = await createLlamaEngine();
  progress(`loading ${sources.length} grammars into llama.cpp`);
  const grammars = await checkValidity(engine, sources);
  const generation = await checkGeneration(engine, {
    ...options,
    known,
    onTemplate: (name, done, total) => progress(`sampled ${name} (${done}/${total})`),
  });
  progress('matching texts with both matchers');
  // The samples join the expected outputs: texts a grammar produced, far from any test's.
  const agreement = await checkAgreement(engine, [...sources, ...generation.sampled], { mutationsPerText: options.mutationsPerText ?? 2 });
  const report: LlamaCheckReport = {
    grammars: { loaded: grammars.loaded, rejected: grammars.rejected, failures: grammars.failures },
    agreement: { agree: agreement.agree, disagree: agreement.disagree, failures: agreement.failures },
    generation: { samples: generation.samples, parsed: generation.parsed, schemaValid: generation.schemaValid, failures: generation.failures },
  };
  return {
    report,
    details: {
      sources: { chatCases: chat.length, selfCheck: self.length, schemas: schemas.length, samples: generation.sampled.length },
      accepted: agreement.accepted,
      generation: { capped: generation.capped, recovered: generation.recovered, recoveries: generation.recoveries, templates: generation.templates },
      unexplained: unexplained(grammars.failures) + unexplained(agreement.failures) + unexplained(generation.failures),
    },
  };
}
