import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { analyzeTemplate, createChatParser, extractOutput, grammarTriggerSpan, renderParamsOf, type ChatParser, type ChatRequest } from '@autoparser/core';
import { LlamaGrammarEvaluationState, type LlamaContextSequence, type LlamaModel, type Token } from 'node-llama-cpp';
import type { CheckFailure } from './grammar-checks.js';
import { knownFinding, type KnownFinding } from './known-findings.js';
import { GENERATION_TOOLS } from './generation-tools.js';
import { constrainedText, generationTemplates, type GrammarSource, type SourceOptions } from './grammar-sources.js';
import type { LlamaEngine } from './llama-engine.js';
import { hashText } from './seeded-random.js';
import { parserMarkers, writeTinyModel } from './tiny-model.js';

/** Check 3: what a tiny random model samples under our grammars, read back by our parser. */
export interface GenerationReport {
  /** Samples that finished (the model ended them) within the token cap. */
  readonly samples: number;
  /** Finished samples our parser read into calls of the offered tools with no warning but a recovery (those are counted apart). */
  readonly parsed: number;
  /** Parsed samples whose every call's arguments validate against the tool's schema. */
  readonly schemaValid: number;
  readonly failures: readonly CheckFailure[];
  /** Samples stopped at the token cap, with what they wrote (not counted above: a random model may write on for ever where the grammar allows it). */
  readonly capped: readonly { readonly id: string; readonly output: string }[];
  /** Parsed samples that needed a named recovery of the lenient parser (see {@link GenerationReport.recoveries}). */
  readonly recovered: number;
  /** Recovery rule → samples that needed it. */
  readonly recoveries: Readonly<Record<string, number>>;
  /** Template families sampled (those with a tool-call format). */
  readonly templates: number;
  /** The finished samples as the grammar read them, for the agreement check. */
  readonly sampled: readonly GrammarSource[];
}

/** Options of {@link checkGeneration}. */
export interface GenerationOptions extends SourceOptions {
  /** Samples per template and mode (default 3). */
  readonly samples?: number;
  /** Token cap of a sample (default 384). */
  readonly maxTokens?: number;
  /** Seed of the models and the sampling (default 1). */
  readonly seed?: number;
  /** Sampling temperature (default 1.5: the flatter, the more of the grammar is explored). */
  readonly temperature?: number;
  /** Known findings: failures of these templates are marked with the finding instead of being unexplained. */
  readonly known?: readonly KnownFinding[];
  /** Called after each template, for progress. */
  readonly onTemplate?: (name: string, done: number, total: number) => void;
}

/** How a sample is constrained: a required call (the grammar on from the start), or the lazy grammar from a trigger forced at the start of the output. */
type Mode = 'required' | 'lazy';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const CONVERSATION: ChatRequest['messages'] = [{ role: 'user', content: 'Wake me at seven, and tell me the weather.' }];

/** The request of a mode: all tools, one call. */
function requestOf(mode: Mode): ChatRequest {
  return { messages: CONVERSATION, tools: GENERATION_TOOLS, tool_choice: mode === 'required' ? 'required' : 'auto', parallel_tool_calls: false };
}

/** The text forced on a lazily constrained sample. */
interface ForcedTrigger {
  /** What the model is made to write first: the template's own rendering of a call, up to the end of the trigger. */
  readonly output: string;
  /** What the grammar reads of it: from where the trigger starts the grammar. */
  readonly grammar: string;
}

/**
 * The start of a lazy sample: the template renders a call, the grammar's trigger is found in
 * it as llama.cpp finds it, and the rendering up to the trigger's end is forced (a closed
 * reasoning block included, as a model would write it). `undefined` when the rendered call
 * fires no trigger.
 */
function forcedTrigger(template: string, parser: ChatParser, analysis: ReturnType<typeof analyzeTemplate>): ForcedTrigger | undefined {
  const request = requestOf('lazy');
  const call = { id: 'call00001', type: 'function' as const, function: { name: 'get_weather', arguments: JSON.stringify({ days: 3, metric: true, city: 'paris' }) } };
  const extracted = extractOutput(template, renderParamsOf(request), { role: 'assistant', content: analysis.content.requires_nonnull_content ? '' : null, tool_calls: [call] }, { ...parser, assistantStart: analysis.assistant_start });
  if (!extracted.ok) return undefined;
  const text = parser.generationPrompt + extracted.output;
  const from = parser.generationPrompt.length;
  const span = grammarTriggerSpan(text, parser.grammarTriggers, from);
  if (span === undefined) return undefined;
  return { output: text.slice(from, span.end), grammar: text.slice(span.start, span.end) };
}

/** node-llama-cpp's internal call that feeds a token to a grammar state (pinned version). */
function acceptToken(engine: LlamaEngine, state: LlamaGrammarEvaluationState, token: Token): void {
  const bindings = (engine.llama as unknown as { _bindings: { AddonSampler: { acceptGrammarEvaluationStateToken(state: unknown, token: Token): void } } })._bindings;
  bindings.AddonSampler.acceptGrammarEvaluationStateToken((state as unknown as { _state: unknown })._state, token);
}

interface Sample {
  /** The model's output (the forced text included). */
  readonly output: string;
  readonly capped: boolean;
}

/** One sample: the context reads `context`, the grammar first consumes `forced`, then the model writes under it. */
async function sampleOnce(
  engine: LlamaEngine,
  model: LlamaModel,
  sequence: LlamaContextSequence,
  grammarText: string,
  context: string,
  forced: string,
  settings: { readonly seed: number; readonly temperature: number; readonly maxTokens: number },
): Promise<Sample> {
  const loaded = await engine.loadGrammar(grammarText);
  if (!loaded.ok) throw new Error(`llama.cpp rejects the grammar: ${loaded.message}`);
  const state = new LlamaGrammarEvaluationState({ model, grammar: loaded.grammar });
  for (const token of model.tokenize(forced, true)) {
    try {
      acceptToken(engine, state, token);
    } catch (error) {
      throw new Error(`the grammar refuses the forced text ${JSON.stringify(forced)}: ${message(error)}`);
    }
  }
  await sequence.clearHistory();
  const generated: Token[] = [];
  let capped = false;
  for await (const token of sequence.evaluate(model.tokenize(context, true), {
    temperature: settings.temperature,
    seed: settings.seed,
    grammarEvaluationState: state,
  })) {
    generated.push(token);
    if (generated.length >= settings.maxTokens) {
      capped = true;
      break;
    }
  }
  return { output: model.detokenize(generated, true), capped };
}

/** The schema validators of the offered tools, by name. */
function toolValidators(): Map<string, ValidateFunction> {
  const ajv = new Ajv({ strict: false });
  return new Map(GENERATION_TOOLS.map((tool) => [tool.function.name, ajv.compile(tool.function.parameters ?? {})]));
}

interface Verdict {
  readonly parsed: boolean;
  readonly schemaValid: boolean;
  /** The parse took a named recovery (the lenient parser read text the canonical format does not). */
  readonly recovered: boolean;
  /** The recovery rules that applied. */
  readonly rules: readonly string[];
  readonly problems: readonly string[];
}

/** Our parser reads the sample into calls of offered tools, with schema-valid arguments. */
function judge(parser: ChatParser, output: string, constrained: string | undefined, validators: ReadonlyMap<string, ValidateFunction>): Verdict {
  const problems: string[] = [];
  // Whether our matcher accepts the sample is the agreement step's to judge (it gets every sample).
  if (constrained === undefined) problems.push('no trigger in the sample');
  const read = parser.parse(output);
  const warnings = read.warnings ?? [];
  // A recovery still reads the message; it is counted apart, as what the grammar lets through that the canonical parser does not read.
  for (const warning of warnings) if (warning.code !== 'recovered') problems.push(`parse warning ${warning.code} at ${warning.offset}: ${warning.message}`);
  const calls = read.tool_calls ?? [];
  if (calls.length === 0) problems.push('no tool call');
  let schemaValid = calls.length > 0;
  for (const call of calls) {
    const validate = validators.get(call.function.name);
    if (validate === undefined) {
      problems.push(`a call of the unknown tool ${JSON.stringify(call.function.name)}`);
      schemaValid = false;
      continue;
    }
    let args: unknown;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      problems.push(`${call.function.name}: arguments are not JSON: ${call.function.arguments}`);
      schemaValid = false;
      continue;
    }
    if (!validate(args)) {
      const first = validate.errors?.[0];
      problems.push(`${call.function.name}: arguments ${call.function.arguments} do not fit the schema (${first?.instancePath || '/'} ${first?.message ?? ''})`);
      schemaValid = false;
    }
  }
  const parsed = calls.length > 0 && warnings.every((w) => w.code === 'recovered') && calls.every((c) => validators.has(c.function.name));
  return { parsed, schemaValid: parsed && schemaValid, recovered: warnings.some((w) => w.code === 'recovered'), rules: warnings.flatMap((w) => (w.code === 'recovered' ? [w.rule ?? '?'] : [])), problems };
}

/**
 * For every template with a tool-call format: writes a tiny random model with the template
 * embedded, and samples it under our grammar with a required call (the grammar from the
 * start, the generation prompt included) and under the lazy grammar from a forced trigger
 * (node-llama-cpp has no lazy grammars: the trigger's text is written for the model and fed
 * to the grammar first). Every finished sample must parse cleanly into calls whose arguments
 * validate against the tools' schemas (ajv); each sample also goes to the agreement check,
 * where our matcher must accept it as llama.cpp did.
 */
export async function checkGeneration(engine: LlamaEngine, options: GenerationOptions = {}): Promise<GenerationReport> {
  const samplesPerMode = options.samples ?? 3;
  const maxTokens = options.maxTokens ?? 384;
  const temperature = options.temperature ?? 1.5;
  const seed = options.seed ?? 1;
  const validators = toolValidators();
  const failures: CheckFailure[] = [];
  const fail = (id: string, template: string, reason: string): void => {
    const known = knownFinding(options.known ?? [], 'generation', template, reason);
    failures.push(known === undefined ? { id, reason } : { id, reason, known });
  };
  let samples = 0;
  let parsed = 0;
  let schemaValid = 0;
  const capped: { id: string; output: string }[] = [];
  const sampled: GrammarSource[] = [];
  let recovered = 0;
  const recoveries: Record<string, number> = {};
  let templates = 0;
  const dir = mkdtempSync(join(tmpdir(), 'llama-check-'));
  try {
    const files = generationTemplates(options, seed);
    for (const [index, { name, path }] of files.entries()) {
      const template = readFileSync(path, 'utf8');
      try {
        const analysis = analyzeTemplate(template);
        if (!analysis.caps.supports_tool_calls || analysis.tools.format.mode === 'NONE') continue;
        templates += 1;
        const parsers = { required: createChatParser(template, requestOf('required')), lazy: createChatParser(template, requestOf('lazy')) };
        const modelPath = join(dir, `${index}.gguf`);
        writeTinyModel(modelPath, { template, markers: parserMarkers([parsers.required, parsers.lazy]), seed: seed + hashText(name), contextLength: 32768 });
        const model = await engine.llama.loadModel({ modelPath, gpuLayers: 0 });
        try {
          const context = await model.createContext({ contextSize: 16384, threads: 1, sequences: 1 });
          try {
            const sequence = context.getSequence();
            for (const mode of ['required', 'lazy'] as const) {
              const parser = parsers[mode];
              const id = `${name} ${mode}`;
              if (parser.grammar === '') {
                fail(id, name, 'no grammar for this request');
                continue;
              }
              let forced: string;
              let prefix: string;
              if (mode === 'lazy' && parser.grammarLazy) {
                const trigger = forcedTrigger(template, parser, analysis);
                if (trigger === undefined) {
                  fail(id, name, 'the rendered call fires no trigger of the lazy grammar');
                  continue;
                }
                forced = trigger.grammar;
                prefix = trigger.output;
              } else {
                // A grammar that is on from the start reads the generation prompt first.
                forced = parser.generationPrompt;
                prefix = '';
              }
              for (let n = 0; n < samplesPerMode; n++) {
                const sampleId = `${id} #${n + 1}`;
                let sample: Sample;
                try {
                  sample = await sampleOnce(engine, model, sequence, parser.grammar, parser.prompt + prefix, forced, {
                    seed: seed * 1000 + n,
                    temperature,
                    maxTokens,
                  });
                } catch (error) {
                  fail(sampleId, name, `sampling failed: ${message(error)}`);
                  continue;
                }
                if (sample.capped) {
                  capped.push({ id: sampleId, output: prefix + sample.output });
                  continue;
                }
                samples += 1;
                const output = prefix + sample.output;
                const text = constrainedText(parser, output);
                const verdict = judge(parser, output, text, validators);
                if (text !== undefined) sampled.push({ id: `sample ${sampleId}`, origin: 'emitted', gbnf: parser.grammar, texts: [text] });
                if (verdict.parsed) parsed += 1;
                if (verdict.schemaValid) schemaValid += 1;
                if (verdict.recovered) {
                  recovered += 1;
                  for (const rule of new Set(verdict.rules)) recoveries[rule] = (recoveries[rule] ?? 0) + 1;
                }
                if (verdict.problems.length > 0) fail(sampleId, name, `${verdict.problems.join('; ')} — output ${JSON.stringify(output)}`);
              }
            }
          } finally {
            await context.dispose();
          }
        } finally {
          await model.dispose();
        }
      } catch (error) {
        fail(name, name, message(error));
      }
      options.onTemplate?.(name, index + 1, files.length);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { samples, parsed, schemaValid, failures, capped, recovered, recoveries, templates, sampled };
}
