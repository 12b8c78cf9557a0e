/**
 * autoparser's façade: give it a Jinja chat template and an OpenAI-style request, get the
 * prompt, a GBNF grammar with lazy triggers, and a parser (and streaming session) that
 * turns raw model output into OpenAI messages and deltas — with no per-model code.
 *
 * @packageDocumentation
 */
export { createChatParser } from './create-chat-parser.js';
export type { ChatParserOptions } from './create-chat-parser.js';
export { compileTemplate, renderParamsOf } from './compile-template.js';
export type { CompiledChatTemplate } from './compile-template.js';
export type { ChatParser, ParseOutputOptions, ParserForOptions } from './chat-parser.js';
export type { ChatRequest, NamedToolChoice, ReasoningFormat, ResponseFormat, ResponseJsonSchema, ToolChoice } from './chat-request.js';
export { parseChatRequest } from './request/parse-chat-request.js';
export type { ParsedChatRequest } from './request/parse-chat-request.js';
export type { RequestProblem, RequestProblemCode } from './request/request-problem.js';
export { ChatStreamSession } from './chat-stream-session.js';
export { replayStream } from './replay-stream.js';
export type { ReplayedDelta, ReplayOptions, StreamReplay } from './replay-stream.js';
export { parseChatOutput } from './chat-stream-session.js';
export type { ParseChatOptions, ParsedMessage } from './read-chat-output.js';
export type { ParseWarning } from './parse-warning.js';
export { recoveryRules } from './recovery/recovery-rules.js';
export { isRecoveryRuleId } from '@autoparser/types';
export type { BuiltinRecoveryRuleId, RecoveryExample, RecoveryOptions, RecoveryRule, RecoveryRuleId, RecoverySite } from '@autoparser/types';
export { generateChatParser } from './generate-chat-parser.js';
export type { GeneratedChatParser, GenerateOptions } from './generate-chat-parser.js';
export type { GeneratorInputs } from './generator-inputs.js';
export type { ChatFormat, FormatContext, FormatHandler, FormatRequest, GrammarPlan, GrammarTrigger } from '@autoparser/chat-mapper';
export { grammarStart, grammarTriggerSpan } from './grammar-start.js';
export type { TriggerSpan } from './grammar-start.js';
export { analyzeTemplate, pluginsOf, renderPrompt, traceAnalysis } from './default-plugins.js';
export type { PluginOptions } from './default-plugins.js';
export { assertPlugin, builtinPlugins, pluginsFromModule } from '@autoparser/workarounds';
export type { WorkaroundPlugin } from '@autoparser/workarounds';
export { responseSchema } from './response-schema.js';
export { cacheStats, clearCaches } from './caches.js';
export type { CacheStats } from './caches.js';
export { checkTemplate, scenarioRequest } from './self-check/check-template.js';
export type { CheckTemplateOptions, SelfCheckReport, SelfCheckScenario, SelfCheckStage } from './self-check/check-template.js';
export { checkScenarios } from './self-check/check-scenarios.js';
export type { CheckScenario, ScenarioCapabilities } from './self-check/check-scenarios.js';
export { extractOutput } from './self-check/extract-output.js';
export type { ExtractedOutput, OutputMarkers } from './self-check/extract-output.js';
export type { AssistantMessage, ChatDelta, ChatToolCallOut, ToolCallDelta } from '@autoparser/chat-mapper';
export { toSchemaStructuralTag, toStructuralTag } from './xgrammar/to-structural-tag.js';
export { functionCallSyntax } from './xgrammar/call-syntax.js';
export type { FunctionCallSyntax, FunctionCallSyntaxProblem, FunctionCallSyntaxResult } from './xgrammar/call-syntax.js';
export type { StructuralTagProblemCode, StructuralTagResult } from './xgrammar/to-structural-tag.js';
export type {
  XgrammarAnyText,
  XgrammarGrammarFormat,
  XgrammarJsonSchemaFormat,
  XgrammarOr,
  XgrammarSequence,
  XgrammarStructuralFormat,
  XgrammarStructuralTag,
  XgrammarTag,
  XgrammarTriggeredTags,
} from './xgrammar/structural-tag-types.js';
export { gbnfAfterPrefix, toXgrammarEbnf } from '@autoparser/gbnf-emitter';
export type { GbnfAfterPrefixResult, ToXgrammarEbnfOptions, XgrammarEbnfProblemCode, XgrammarEbnfResult } from '@autoparser/gbnf-emitter';
