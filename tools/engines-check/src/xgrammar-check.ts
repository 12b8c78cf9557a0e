import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findEarliestTrigger } from '@autoparser/conformance';
import {
  analyzeTemplate,
  checkScenarios,
  checkTemplate,
  createChatParser,
  grammarStart,
  parseChatRequest,
  scenarioRequest,
  toSchemaStructuralTag,
  toStructuralTag,
  toXgrammarEbnf,
  type ChatParser,
  type ChatRequest,
} from '@autoparser/core';
import { schemaToGbnf } from '@autoparser/gbnf-emitter';
import type { Xgrammar } from './load-xgrammar.js';

/** What xgrammar made of our exports. */
export interface XgrammarFigures {
  /** Structural tags and EBNF grammars exported (one of each per case with a grammar, one grammar per acceptance group). */
  exported: number;
  /** Of those, how many xgrammar compiled. */
  compiled: number;
  /** Canonical outputs xgrammar accepted (each tried with the EBNF grammar and the structural tag). */
  accepted: number;
  /** Negatives xgrammar rejected. */
  rejected: number;
  /** Canonical outputs plus negatives tried. */
  total: number;
  /** Exports that have no xgrammar form, by code. */
  notExpressible: Record<string, number>;
  /** Which exports have no xgrammar form, and why. */
  notExpressibleCases: string[];
  /** What went wrong, one line each. */
  failures: string[];
  /**
   * The per-tool structural tags (`toSchemaStructuralTag`: a tag per tool with the call's text
   * around a JSON-schema body), measured apart: they follow the template's own rendering of a
   * call, so a canonical output written otherwise (other spacing, calls inside one section)
   * is rejected by design.
   */
  schemaTags: { exported: number; compiled: number; accepted: number; tried: number; notExpressible: number };
}

interface ChatCaseLine {
  readonly id: string;
  readonly template: string;
  readonly params: object;
  readonly input: string;
  readonly is_partial: boolean;
  readonly expect: { readonly tool_calls?: readonly unknown[] };
  readonly reference: { readonly generation_prompt: string };
}

interface AcceptanceGroup {
  readonly kind: 'grammar' | 'schema';
  readonly name: string;
  readonly grammar?: string;
  readonly schema?: string;
  readonly passing: ReadonlyArray<string | { readonly hex: string }>;
  readonly failing: ReadonlyArray<string | { readonly hex: string }>;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 240);

/** The constrained part of a case's output, as the conformance grammar check takes it; `undefined`: nothing is constrained. */
function constrainedPart(record: ChatCaseLine, parser: ChatParser): string | undefined {
  const prompt = record.reference.generation_prompt;
  const text = prompt + record.input;
  const trigger = findEarliestTrigger(text, {
    triggers: parser.grammarTriggers,
    grammarLazy: parser.grammarLazy,
    thinkingStartTag: parser.thinkingStartTag,
    thinkingEndTag: parser.thinkingEndTag,
    generationPromptLength: prompt.length,
    expectsToolCalls: (record.expect.tool_calls ?? []).length > 0,
  });
  if (trigger === undefined) return parser.grammarLazy ? undefined : text;
  return text.slice(Math.max(trigger, prompt.length));
}

class Tally {
  readonly figures: XgrammarFigures = { exported: 0, compiled: 0, accepted: 0, rejected: 0, total: 0, notExpressible: {}, notExpressibleCases: [], failures: [], schemaTags: { exported: 0, compiled: 0, accepted: 0, tried: 0, notExpressible: 0 } };
  notExpressible(what: string, problem: { readonly code: string; readonly message: string }): void {
    this.figures.notExpressible[problem.code] = (this.figures.notExpressible[problem.code] ?? 0) + 1;
    this.figures.notExpressibleCases.push(`${what}: ${problem.code}: ${problem.message}`);
  }
  async compile<T>(what: string, make: () => Promise<T>): Promise<T | undefined> {
    this.figures.exported++;
    try {
      const made = await make();
      this.figures.compiled++;
      return made;
    } catch (error) {
      this.figures.failures.push(`${what}: xgrammar does not compile it: ${message(error)}`);
      return undefined;
    }
  }
  async accepts(xg: Xgrammar, what: string, grammar: WebGrammar, text: string, expected: boolean): Promise<void> {
    this.figures.total++;
    const accepted = await xg.Testings.isGrammarAcceptString(grammar, text);
    if (accepted === expected) {
      if (expected) this.figures.accepted++;
      else this.figures.rejected++;
    } else this.figures.failures.push(`${what}: xgrammar ${accepted ? 'accepts a negative' : 'rejects'} ${JSON.stringify(text.slice(0, 120))}`);
  }
}

type WebGrammar = Awaited<ReturnType<Xgrammar['Grammar']['fromEBNF']>>;

/**
 * One parser's grammar as EBNF and as a structural tag: both compiled, the EBNF tried on the
 * constrained part of the output, the structural tag on the whole output.
 */
async function checkOutput(xg: Xgrammar, tally: Tally, what: string, template: string, parser: ChatParser, request: ChatRequest, output: string, constrained: string | undefined): Promise<void> {
  const ebnf = toXgrammarEbnf(parser.grammar);
  if (!ebnf.ok) tally.notExpressible(`${what} EBNF`, ebnf);
  else {
    const grammar = await tally.compile(`${what} EBNF`, () => xg.Grammar.fromEBNF(ebnf.ebnf));
    if (grammar !== undefined && constrained !== undefined) await tally.accepts(xg, `${what} EBNF`, grammar, constrained, true);
  }
  const tag = toStructuralTag(parser, request);
  if (!tag.ok) tally.notExpressible(`${what} structural tag`, tag);
  else {
    const grammar = await tally.compile(`${what} structural tag`, () => xg.Grammar.fromStructuralTag(tag.structuralTag));
    // The structural tag constrains the whole output (free text where the lazy grammar is off).
    if (grammar !== undefined && constrained !== undefined) await tally.accepts(xg, `${what} structural tag`, grammar, output, true);
  }
  if ((request.tools ?? []).length > 0) await checkSchemaTag(xg, tally, template, request, output, constrained !== undefined);
}

/** The per-tool structural tag of a request with tools, measured apart (see `schemaTags`). */
async function checkSchemaTag(xg: Xgrammar, tally: Tally, template: string, request: ChatRequest, output: string, constrained: boolean): Promise<void> {
  const figures = tally.figures.schemaTags;
  const result = toSchemaStructuralTag(template, request);
  if (!result.ok) {
    figures.notExpressible++;
    return;
  }
  figures.exported++;
  let grammar: WebGrammar;
  try {
    grammar = await xg.Grammar.fromStructuralTag(result.structuralTag);
  } catch {
    return;
  }
  figures.compiled++;
  if (!constrained) return;
  figures.tried++;
  if (await xg.Testings.isGrammarAcceptString(grammar, output)) figures.accepted++;
}

/** The chat cases: each case's grammar as EBNF and as a structural tag, tried on its canonical output. */
async function checkChatCases(xg: Xgrammar, tally: Tally, dataDir: string, templateDir: string): Promise<void> {
  for (const record of readLines<ChatCaseLine>(join(dataDir, 'chat-cases.jsonl'))) {
    if (record.is_partial) continue;
    const request = parseChatRequest(record.params);
    if (!request.ok) continue;
    const template = readFileSync(join(templateDir, record.template), 'utf8');
    const parser = createChatParser(template, request.request);
    if (parser.grammar === '') continue;
    await checkOutput(xg, tally, record.id, template, parser, request.request, record.input, constrainedPart(record, parser));
  }
}

/** Every `.jinja` file under `dir`. */
function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jinja'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The zoo's self-check scenarios: each canonical answer the self-check passes (the template's
 * own rendering, cut out as the model's output) against the scenario's grammar.
 */
async function checkZoo(xg: Xgrammar, tally: Tally, zooDir: string): Promise<void> {
  for (const file of templateFiles(zooDir)) {
    const source = readFileSync(file, 'utf8');
    let scenarios;
    try {
      const analysis = analyzeTemplate(source);
      const report = checkTemplate(source, { analysis });
      const byName = new Map(checkScenarios(analysis).map((scenario) => [scenario.name, scenario]));
      scenarios = report.scenarios.flatMap((result) => {
        const scenario = byName.get(result.name);
        return result.passed && result.grammar === 'accepted' && result.output !== undefined && scenario !== undefined ? [{ scenario, output: result.output }] : [];
      });
    } catch {
      continue;
    }
    for (const { scenario, output } of scenarios) {
      const request = scenarioRequest(scenario);
      const parser = createChatParser(source, request);
      if (parser.grammar === '') continue;
      const text = parser.generationPrompt + output;
      const start = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length);
      const constrained = start === undefined ? (parser.grammarLazy ? undefined : text) : text.slice(start);
      await checkOutput(xg, tally, `zoo ${file.slice(zooDir.length + 1)} ${scenario.name}`, source, parser, request, output, constrained);
    }
  }
}

/** The grammar-acceptance groups: our GBNF (or the schema's) as EBNF, on the passing and failing strings (raw-byte ones left out). */
async function checkAcceptance(xg: Xgrammar, tally: Tally, dataDir: string): Promise<void> {
  for (const group of readLines<AcceptanceGroup>(join(dataDir, 'grammar-acceptance.jsonl'))) {
    let gbnf: string;
    try {
      gbnf = group.kind === 'schema' ? schemaToGbnf(group.schema ?? '') : (group.grammar ?? '');
    } catch {
      continue;
    }
    const ebnf = toXgrammarEbnf(gbnf);
    if (!ebnf.ok) {
      tally.notExpressible(`acceptance ${JSON.stringify(group.name)}`, ebnf);
      continue;
    }
    const grammar = await tally.compile(`acceptance ${JSON.stringify(group.name)}`, () => xg.Grammar.fromEBNF(ebnf.ebnf));
    if (grammar === undefined) continue;
    for (const text of group.passing) if (typeof text === 'string') await tally.accepts(xg, `acceptance ${JSON.stringify(group.name)}`, grammar, text, true);
    for (const text of group.failing) if (typeof text === 'string') await tally.accepts(xg, `acceptance ${JSON.stringify(group.name)}`, grammar, text, false);
  }
}

/** Where the data lives. */
export interface XgrammarCheckDirs {
  /** The conformance data (`chat-cases.jsonl`, `grammar-acceptance.jsonl`). */
  readonly dataDir: string;
  /** The templates the chat cases name. */
  readonly templateDir: string;
  /** The zoo's templates; left out when undefined. */
  readonly zooDir?: string | undefined;
}

/** Runs the xgrammar proof over the conformance data (and the zoo's self-check answers). */
export async function checkXgrammar(xg: Xgrammar, dirs: XgrammarCheckDirs): Promise<XgrammarFigures> {
  const tally = new Tally();
  await checkChatCases(xg, tally, dirs.dataDir, dirs.templateDir);
  if (dirs.zooDir !== undefined) await checkZoo(xg, tally, dirs.zooDir);
  await checkAcceptance(xg, tally, dirs.dataDir);
  return tally.figures;
}
