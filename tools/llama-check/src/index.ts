/**
 * Real llama.cpp in the loop (node-llama-cpp's prebuilt CPU binary): every grammar autoparser
 * emits must load in llama.cpp, llama.cpp's matcher and ours must agree, and tiny random
 * models sampled under our grammars must write what our parser reads into valid tool calls.
 *
 * @packageDocumentation
 */
export { runLlamaCheck } from './run-llama-check.js';
export type { LlamaCheckDetails, LlamaCheckOptions, LlamaCheckReport } from './run-llama-check.js';
export { checkAgreement, checkValidity } from './grammar-checks.js';
export type { AgreementOptions, AgreementReport, CheckFailure, ValidityReport } from './grammar-checks.js';
export { checkGeneration } from './generation.js';
export type { GenerationOptions, GenerationReport } from './generation.js';
export { GENERATION_TOOLS } from './generation-tools.js';
export { chatCaseSources, constrainedText, schemaSources, generationTemplates, selfCheckSources, templateFiles, type TemplateFile } from './grammar-sources.js';
export type { GrammarSource, SourceOptions } from './grammar-sources.js';
export { createLlamaEngine } from './llama-engine.js';
export type { LlamaEngine, LoadedGrammar } from './llama-engine.js';
export { KNOWN_FINDINGS_FILE, knownFinding, loadKnownFindings } from './known-findings.js';
export type { KnownFinding } from './known-findings.js';
export { mutations } from './mutations.js';
export type { Mutation } from './mutations.js';
export { parserMarkers, TINY_EOS, tinyModelBytes, tinyVocabulary, writeTinyModel } from './tiny-model.js';
export { openTinyModel } from './open-tiny-model.js';
export type { OpenedTinyModel } from './open-tiny-model.js';
export type { TinyModelOptions, TinyVocabulary } from './tiny-model.js';
export { ggufBytes } from './gguf-writer.js';
export type { GgufTensor, GgufValue } from './gguf-writer.js';
export { callOpener } from './call-opener.js';
