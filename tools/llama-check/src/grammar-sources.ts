import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataFile, defaultDataDir, defaultTemplateDir, type ChatCase } from '@autoparser/conformance';
import {
  analyzeTemplate,
  checkScenarios,
  checkTemplate,
  createChatParser,
  grammarStart,
  parseChatRequest,
  scenarioRequest,
  type ChatParser,
} from '@autoparser/core';
import { schemaToGbnf } from '@autoparser/gbnf-emitter';
import { seededRandom } from './seeded-random.js';

/** One grammar to load into llama.cpp, with the texts both matchers must judge alike. */
export interface GrammarSource {
  /** Where it comes from, e.g. `chat-cases.jsonl Qwen3-Coder.jinja#3` or `self-check Qwen3-Coder.jinja: tool call`. */
  readonly id: string;
  /** `emitted`: made by the project; `reference`: a grammar written in the reference's test data. */
  readonly origin: 'emitted' | 'reference';
  /** The GBNF text ('' when making it failed; then `error` says why). */
  readonly gbnf: string;
  /** Why the project could not make the grammar. */
  readonly error?: string;
  /** Texts to match, each as the grammar sees it (from the trigger on for a lazy grammar). */
  readonly texts: readonly string[];
}

/** Where the data and templates are read from. */
export interface SourceOptions {
  /** Folder of the conformance data (default `../shared/conformance`). */
  readonly dataDir?: string;
  /** Folder of the templates (default `../shared/templates`). */
  readonly templateDir?: string;
  /** Only templates whose file name contains this text. */
  readonly templateFilter?: string;
  /** Also sample this many templates of the zoo in the generation check (seeded draw; default 0). */
  readonly zooSample?: number;
  /** Folder of the zoo's templates (default `tools/zoo/templates`). */
  readonly zooDir?: string;
}

/** The zoo's template folder, next to this package. */
const DEFAULT_ZOO_DIR: string = fileURLToPath(new URL('../../zoo/templates', import.meta.url));

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The text the grammar must accept for `output`, as llama.cpp feeds it: from the earliest
 * trigger (never before the output) for a lazy grammar, all of generation prompt + output
 * otherwise; `undefined` when a lazy grammar never fires.
 */
export function constrainedText(parser: ChatParser, output: string): string | undefined {
  const text = parser.generationPrompt + output;
  const from = parser.generationPrompt.length;
  const trigger = grammarStart(text, parser.grammarTriggers, from);
  if (trigger === undefined) return parser.grammarLazy ? undefined : text;
  return text.slice(trigger);
}

/** The template files, sorted, optionally filtered by name. */
export function templateFiles(options: SourceOptions = {}): string[] {
  const dir = options.templateDir ?? defaultTemplateDir;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jinja') && (options.templateFilter === undefined || name.includes(options.templateFilter)))
    .sort()
    .map((name) => join(dir, name));
}

/** A template to sample: a name (the file name, or `zoo/<family>/<file>` for the zoo's) and its path. */
export interface TemplateFile {
  readonly name: string;
  readonly path: string;
}

/** Every `.jinja` file under `dir`, recursively, sorted by path. */
function jinjaFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jinjaFilesUnder(path));
    else if (entry.isFile() && entry.name.endsWith('.jinja')) out.push(path);
  }
  return out;
}

/** `count` of `items` drawn without replacement by a seeded partial Fisher–Yates, in their original order. */
function seededDraw<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count >= items.length) return [...items];
  const random = seededRandom(seed);
  const indexes = items.map((_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (indexes.length - i));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, count).sort((a, b) => a - b).map((i) => items[i]!);
}

/**
 * The templates the generation check samples: the shared ones ({@link templateFiles}) and,
 * with `zooSample`, that many of the zoo's drawn with `seed` (the filter applies to their
 * names too).
 */
export function generationTemplates(options: SourceOptions = {}, seed = 1): TemplateFile[] {
  const shared = templateFiles(options).map((path) => ({ name: basename(path), path }));
  const count = options.zooSample ?? 0;
  if (count === 0) return shared;
  const dir = options.zooDir ?? DEFAULT_ZOO_DIR;
  if (!existsSync(dir)) throw new Error(`no zoo templates at ${dir}`);
  const zoo = jinjaFilesUnder(dir)
    .map((path) => ({ name: `zoo/${relative(dir, path).split(sep).join('/')}`, path }))
    .filter((file) => options.templateFilter === undefined || file.name.includes(options.templateFilter));
  return [...shared, ...seededDraw(zoo, count, seed)];
}

/** The grammars of the conformance chat cases, each with its expected output (complete cases). */
export function chatCaseSources(options: SourceOptions = {}): GrammarSource[] {
  const file = join(options.dataDir ?? defaultDataDir, 'chat-cases.jsonl');
  const loaded = loadDataFile(file, { templateDirs: [options.templateDir ?? defaultTemplateDir] });
  if (loaded.format !== 'chat-cases') throw new Error(`${file} does not hold chat cases`);
  const sources: GrammarSource[] = [];
  const templates = new Map<string, string>();
  for (const entry of loaded.records) {
    const record: ChatCase = entry.record;
    if (options.templateFilter !== undefined && !record.template.includes(options.templateFilter)) continue;
    const id = `chat-cases.jsonl ${entry.id}`;
    const path = entry.templatePath;
    if (path === undefined) continue;
    let source = templates.get(path);
    if (source === undefined) {
      source = readFileSync(path, 'utf8');
      templates.set(path, source);
    }
    const request = parseChatRequest(record.params);
    if (!request.ok) {
      sources.push({ id, origin: 'emitted', gbnf: '', error: `the request does not read: ${request.problems.map((p) => p.message).join('; ')}`, texts: [] });
      continue;
    }
    let parser: ChatParser;
    try {
      parser = createChatParser(source, request.request);
    } catch (error) {
      sources.push({ id, origin: 'emitted', gbnf: '', error: `createChatParser: ${message(error)}`, texts: [] });
      continue;
    }
    if (parser.grammar === '') continue;
    const text = record.is_partial ? undefined : constrainedText(parser, record.input);
    sources.push({ id, origin: 'emitted', gbnf: parser.grammar, texts: text === undefined ? [] : [text] });
  }
  return sources;
}

/** The grammars of every template's self-check scenarios, each with the template's own rendering of the answer. */
export function selfCheckSources(options: SourceOptions = {}): GrammarSource[] {
  const sources: GrammarSource[] = [];
  for (const path of templateFiles(options)) {
    const name = basename(path);
    const template = readFileSync(path, 'utf8');
    let scenarios;
    let report;
    try {
      const analysis = analyzeTemplate(template);
      scenarios = checkScenarios(analysis);
      report = checkTemplate(template, { analysis });
    } catch (error) {
      sources.push({ id: `self-check ${name}`, origin: 'emitted', gbnf: '', error: message(error), texts: [] });
      continue;
    }
    // Scenarios that build the same grammar (a call, and the call after a tool result) load it
    // once, with every scenario's text: llama.cpp's grammar loading dominates the run.
    const textsOf = new Map<string, string[]>();
    for (const scenario of scenarios) {
      if (scenario.skip !== undefined) continue;
      const id = `self-check ${name}: ${scenario.name}`;
      let parser: ChatParser;
      try {
        parser = createChatParser(template, scenarioRequest(scenario));
      } catch (error) {
        sources.push({ id, origin: 'emitted', gbnf: '', error: `createChatParser: ${message(error)}`, texts: [] });
        continue;
      }
      if (parser.grammar === '') continue;
      const output = report.scenarios.find((s) => s.name === scenario.name)?.output;
      const text = output === undefined ? undefined : constrainedText(parser, output);
      const same = textsOf.get(parser.grammar);
      if (same !== undefined) {
        if (text !== undefined && !same.includes(text)) same.push(text);
        continue;
      }
      const texts = text === undefined ? [] : [text];
      textsOf.set(parser.grammar, texts);
      sources.push({ id, origin: 'emitted', gbnf: parser.grammar, texts });
    }
  }
  return sources;
}

/** The grammars our JSON-schema conversion makes for the reference records, and the reference's acceptance groups. */
export function schemaSources(options: SourceOptions = {}): GrammarSource[] {
  const dir = options.dataDir ?? defaultDataDir;
  const sources: GrammarSource[] = [];
  const conversions = loadDataFile(join(dir, 'json-schema-to-gbnf.jsonl'));
  if (conversions.format === 'json-schema-to-gbnf') {
    for (const { id, record } of conversions.records) {
      if (record.status !== 'SUCCESS') continue;
      const sourceId = `json-schema-to-gbnf.jsonl ${id}`;
      try {
        sources.push({ id: sourceId, origin: 'emitted', gbnf: schemaToGbnf(record.schema), texts: [] });
      } catch (error) {
        sources.push({ id: sourceId, origin: 'emitted', gbnf: '', error: `schemaToGbnf: ${message(error)}`, texts: [] });
      }
    }
  }
  const acceptance = loadDataFile(join(dir, 'grammar-acceptance.jsonl'));
  if (acceptance.format === 'grammar-acceptance') {
    for (const { id, record } of acceptance.records) {
      // Raw-byte inputs ({hex}) cannot cross into llama.cpp as a JavaScript string; they stay with the conformance runner.
      const texts = [...record.passing, ...record.failing].filter((input): input is string => typeof input === 'string');
      const sourceId = `grammar-acceptance.jsonl ${id}`;
      if (record.kind === 'grammar') {
        sources.push({ id: sourceId, origin: 'reference', gbnf: record.grammar, texts });
        continue;
      }
      try {
        sources.push({ id: sourceId, origin: 'emitted', gbnf: schemaToGbnf(record.schema), texts });
      } catch (error) {
        sources.push({ id: sourceId, origin: 'emitted', gbnf: '', error: `schemaToGbnf: ${message(error)}`, texts });
      }
    }
  }
  return sources;
}
