import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  analyzeTemplate,
  checkScenarios,
  createChatParser,
  extractOutput,
  renderParamsOf,
  type ChatParser,
  type ChatRequest,
} from '@autoparser/core';
import fc from 'fast-check';
import { vocabularyOf } from './invariants.js';

// Runs from tools/fuzz/src (tests) or tools/fuzz/dist: the package folder is one level up.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const sharedDir = resolve(packageDir, '..', '..', '..', 'shared');

/** Where the templates live (`../shared/templates` beside the repository). */
const templateDir: string = join(sharedDir, 'templates');

/** The conformance chat cases (`../shared/conformance/chat-cases.jsonl`). */
const chatCasesFile: string = join(sharedDir, 'conformance', 'chat-cases.jsonl');

/** One parser of a family and the valid outputs it should read. */
export interface FuzzContext {
  /** Where the parser's request comes from (`fuzz` or a chat case id). */
  readonly name: string;
  readonly parser: ChatParser;
  /** Outputs the template itself renders, or a chat case's input. */
  readonly outputs: readonly string[];
}

/** A template family: its contexts, the markers to insert and the words of its vocabulary. */
export interface FuzzFamily {
  /** The template file's name without `.jinja`. */
  readonly name: string;
  readonly contexts: readonly FuzzContext[];
  /** Every marker the family's parsers recognise (insertions pick from these; lost-text cuts them). */
  readonly markers: readonly string[];
  /** The words of the template source and of the markers: the format's vocabulary, never counted as lost. */
  readonly vocabulary: ReadonlySet<string>;
}

type ChatMessage = ChatRequest['messages'][number];

/** What a parser recognises as markers: literals, delimiters, preserved tokens, reasoning tags, stops. */
function markersOf(parser: ChatParser): string[] {
  const markers = [...parser.preservedTokens, parser.thinkingStartTag, parser.thinkingEndTag, ...parser.additionalStops];
  for (const node of parser.arena.nodes) {
    if (node.kind === 'literal') markers.push(node.text);
    else if (node.kind === 'until') markers.push(...node.delimiters);
  }
  // Whitespace-only literals are layout, not markers: cutting them out would hide nothing.
  return [...new Set(markers)].filter((m) => m.trim() !== '').sort();
}

// Words a model writes: short lower-case words, numbers, and non-ASCII ones.
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z]{2,7}$/) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('Zürich', '東京', 'naïve', 'über') },
);
const separator = fc.constantFrom(' ', ' ', ' ', ', ', '. ', '\n', '\n\n', ' "', '" ', ': ', ' {', '} ', ' <', '> ');
const sentence = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 14 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);

/** A random answer the template can express, with the fuzz request's tools. */
function messageArbitrary(reasoning: boolean, calls: 0 | 1 | 2, callContent: string | null): fc.Arbitrary<ChatMessage> {
  const weather = sentence.map((city) => ({ name: 'get_weather', args: { city } }));
  const note = fc
    .record({ text: sentence, count: fc.integer({ min: -1000, max: 1000 }), flag: fc.boolean(), nothing: fc.constant(null), options: fc.record({ unit: word, depth: fc.nat(9) }), items: fc.array(word, { maxLength: 3 }), city: word })
    .map((args) => ({ name: 'record_note', args }));
  const call = fc.oneof(weather, note);
  return fc
    .record({
      content: sentence,
      reasoning: reasoning ? fc.option(sentence, { nil: undefined }) : fc.constant(undefined),
      calls: fc.array(call, { maxLength: calls }),
    })
    .map(({ content, reasoning: thought, calls: made }): ChatMessage => {
      const message: ChatMessage =
        made.length === 0
          ? { role: 'assistant', content }
          : {
              role: 'assistant',
              content: callContent,
              tool_calls: made.map((c, i) => ({ id: `call0000${i + 1}`, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.args) } })),
            };
      return thought === undefined ? message : { ...message, reasoning_content: thought };
    });
}

const parseJsonLine = (line: string): unknown => JSON.parse(line) as unknown;

/** The chat cases of one template: their request and input. */
function chatCasesOf(file: string, template: string): { id: string; request: ChatRequest; input: string }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const out: { id: string; request: ChatRequest; input: string }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = parseJsonLine(line) as { id: string; template: string; input: string; params: ChatRequest };
    if (record.template === `${template}.jinja`) out.push({ id: record.id, request: record.params, input: record.input });
  }
  return out;
}

/**
 * Builds a family: the fuzz context (the self-check's tools, parallel calls allowed) with
 * `poolSize` random answers rendered through the template and cut out as the model would
 * have written them, plus one context per conformance chat case of the template. Pool
 * answers are drawn with `poolSeed`, so a seed and path replay the same case.
 */
export function buildFamily(name: string, poolSize: number, poolSeed: number, casesFile: string = chatCasesFile): FuzzFamily {
  const source = readFileSync(join(templateDir, `${name}.jinja`), 'utf8');
  const contexts: FuzzContext[] = [];
  const analysis = analyzeTemplate(source);
  const scenarios = checkScenarios(analysis);
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const tools = [...new Map(scenarios.flatMap((s) => s.tools).map((t) => [t.function.name, t])).values()];
  const reasoning = byName.get('reasoning + content')?.skip === undefined;
  const calls = byName.get('tool call')?.skip !== undefined ? 0 : byName.get('parallel tool calls')?.skip !== undefined ? 1 : 2;
  const callContent = byName.get('tool call')?.message.content ?? null;
  const request: ChatRequest = { messages: [{ role: 'user', content: 'Hello! Can you help me?' }], tools: calls === 0 ? undefined : tools, parallel_tool_calls: calls === 2 };
  try {
    const parser = createChatParser(source, request);
    const params = renderParamsOf(request);
    const outputs: string[] = [];
    for (const message of fc.sample(messageArbitrary(reasoning, calls, typeof callContent === 'string' ? callContent : null), { seed: poolSeed, numRuns: poolSize })) {
      try {
        const extracted = extractOutput(source, params, message, { ...parser, assistantStart: analysis.assistant_start });
        if (extracted.ok) outputs.push(extracted.output);
      } catch {
        // An answer the template refuses to render is no valid output.
      }
    }
    if (outputs.length > 0) contexts.push({ name: 'fuzz', parser, outputs });
  } catch {
    // A template whose fuzz request cannot render still has its chat cases.
  }
  for (const { id, request: caseRequest, input } of chatCasesOf(casesFile, name)) {
    try {
      contexts.push({ name: id, parser: createChatParser(source, caseRequest), outputs: [input] });
    } catch {
      // A case whose request the product rejects is the conformance runner's to report.
    }
  }
  const markers = [...new Set(contexts.flatMap((c) => markersOf(c.parser)))].sort();
  const vocabulary = vocabularyOf([source, ...markers]);
  return { name, contexts, markers, vocabulary };
}

/** Every template family's name (`../shared/templates/*.jinja`), sorted. */
export function familyNames(dir: string = templateDir): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jinja'))
    .map((f) => f.slice(0, -'.jinja'.length))
    .sort();
}
