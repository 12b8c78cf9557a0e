import { fileURLToPath } from 'node:url';
import { defaultDataDir, defaultTemplateDir } from '@autoparser/conformance';
import { getLlama, LlamaLogLevel, type Llama } from 'node-llama-cpp';
import { AI_SDK_TEMPLATES, checkAiSdk, type AiSdkFigures } from './ai-sdk-check.js';
import { loadXgrammar } from './load-xgrammar.js';
import { checkDetection, type DetectionFigures } from './node-llama-cpp-check.js';
import { templateFiles } from './template-files.js';
import { checkXgrammar, type XgrammarFigures } from './xgrammar-check.js';

/** The sections the check can run. */
export const SECTIONS = ['xgrammar', 'ai-sdk', 'node-llama-cpp'] as const;
/** One section of the check. */
export type Section = (typeof SECTIONS)[number];

/** node-llama-cpp's function-call detection against AutoparserChatWrapper's, for the shared templates and the zoo's. */
export interface NodeLlamaCppFigures {
  /** Templates measured. */
  templates: number;
  /** Where node-llama-cpp's own detection finds function calling. */
  ownDetection: number;
  /** Where AutoparserChatWrapper does. */
  wrapper: number;
  /** The two sets apart. */
  shared: DetectionFigures;
  /** The zoo's templates (absent with `quick`). */
  zoo?: DetectionFigures;
}

/** What `pnpm engines-check --json` prints. */
export interface EnginesReport {
  /** xgrammar compiling and matching our structural tags and EBNF grammars. */
  xgrammar?: XgrammarFigures;
  /** The AI SDK middleware over tiny models. */
  aiSdk?: AiSdkFigures;
  /** node-llama-cpp's function-call detection against the chat wrapper's. */
  nodeLlamaCpp?: NodeLlamaCppFigures;
}

/** The zoo's templates (tools/zoo/templates). */
export const ZOO_DIR = fileURLToPath(new URL('../../zoo/templates', import.meta.url));

/** Options of {@link runEnginesCheck}. */
export interface EnginesCheckOptions {
  /** The sections to run. */
  readonly sections: readonly Section[];
  /** Leave the zoo out and run the AI SDK over two templates (a fast smoke run). */
  readonly quick?: boolean | undefined;
}

let llama: Promise<Llama> | undefined;
const cpuLlama = (): Promise<Llama> => (llama ??= getLlama({ gpu: false, build: 'never', skipDownload: true, logLevel: LlamaLogLevel.error }));

/** Runs the requested sections. */
export async function runEnginesCheck(options: EnginesCheckOptions): Promise<EnginesReport> {
  const { sections, quick = false } = options;
  const report: EnginesReport = {};
  if (sections.includes('xgrammar')) {
    report.xgrammar = await checkXgrammar(loadXgrammar(), { dataDir: defaultDataDir, templateDir: defaultTemplateDir, zooDir: quick ? undefined : ZOO_DIR });
  }
  if (sections.includes('ai-sdk')) {
    report.aiSdk = await checkAiSdk(await cpuLlama(), defaultTemplateDir, quick ? AI_SDK_TEMPLATES.slice(0, 2) : AI_SDK_TEMPLATES);
  }
  if (sections.includes('node-llama-cpp')) {
    const binding = await cpuLlama();
    const shared = await checkDetection(binding, templateFiles(defaultTemplateDir), defaultTemplateDir);
    const zoo = quick ? undefined : await checkDetection(binding, templateFiles(ZOO_DIR), ZOO_DIR);
    const sets = zoo === undefined ? [shared] : [shared, zoo];
    report.nodeLlamaCpp = {
      templates: sets.reduce((n, s) => n + s.templates, 0),
      ownDetection: sets.reduce((n, s) => n + s.ownDetection, 0),
      wrapper: sets.reduce((n, s) => n + s.wrapper, 0),
      shared,
      ...(zoo !== undefined ? { zoo } : {}),
    };
  }
  return report;
}

/** Did every section hold: every export compiled, every canonical output accepted and negative rejected, every AI SDK run's calls valid? */
export function reportHolds(report: EnginesReport): boolean {
  const x = report.xgrammar;
  const a = report.aiSdk;
  return (x === undefined || (x.compiled === x.exported && x.accepted + x.rejected === x.total)) && (a === undefined || a.toolCallsValid === a.cases);
}

/** The README table of the node-llama-cpp section: one row per template where either side finds function calling. */
export function detectionTable(figures: NodeLlamaCppFigures): string {
  const lines = [
    `Measured by \`pnpm engines-check --only node-llama-cpp --write-table\` (node-llama-cpp 3.22.1): of ${figures.templates} templates (${figures.shared.templates} shared, ${figures.zoo?.templates ?? 0} from the zoo), node-llama-cpp's own detection (\`resolveChatWrapper\`: a dedicated wrapper with its call syntax, or \`JinjaTemplateChatWrapper\` finding the template's calls) finds function calling in **${figures.ownDetection}**, AutoparserChatWrapper in **${figures.wrapper}**.`,
    '',
    '| template | node-llama-cpp resolves | its detection | AutoparserChatWrapper |',
    '|---|---|---|---|',
  ];
  const sets: Array<[string, DetectionFigures | undefined]> = [['', figures.shared], ['zoo/', figures.zoo]];
  for (const [prefix, set] of sets) {
    for (const row of set?.rows ?? []) {
      if (!row.ownDetection && row.wrapper !== true) continue;
      const resolved = row.resolved.startsWith('error') ? 'error' : row.resolved;
      lines.push(`| ${prefix}${row.template} | ${resolved} | ${row.ownDetection ? 'yes' : 'no'} | ${row.wrapper === true ? 'yes' : `no (${row.wrapper})`} |`);
    }
  }
  lines.push('', 'Templates where neither finds function calling (no tool calls rendered, or a template that fails to render) are left out.');
  return lines.join('\n');
}
