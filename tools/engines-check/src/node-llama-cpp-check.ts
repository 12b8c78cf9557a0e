import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { writeTinyModel } from '@autoparser/llama-check';
import { functionCallSyntax } from '@autoparser/node-llama-cpp';
import { ChatWrapper, JinjaTemplateChatWrapper, resolveChatWrapper, type Llama } from 'node-llama-cpp';

/** One template: what node-llama-cpp resolves for it, and whether each side finds function calling. */
export interface DetectionRow {
  /** The template file, relative to its folder. */
  readonly template: string;
  /** The wrapper `resolveChatWrapper` picks (its `wrapperName`), or why none loaded. */
  readonly resolved: string;
  /** node-llama-cpp's own wrapper writes and reads function calls of this template. */
  readonly ownDetection: boolean;
  /** AutoparserChatWrapper finds the template's function-call syntax (else why not). */
  readonly wrapper: true | string;
}

/** node-llama-cpp's detection against the wrapper's, over a set of templates. */
export interface DetectionFigures {
  /** Templates measured. */
  templates: number;
  /** Templates where node-llama-cpp's own detection finds function calling. */
  ownDetection: number;
  /** Templates where AutoparserChatWrapper does. */
  wrapper: number;
  /** Per template. */
  rows: DetectionRow[];
}

/**
 * Whether a resolved wrapper calls functions the template's way: a Jinja wrapper when it
 * found the template's function-call rendering, a dedicated wrapper when it has a call syntax
 * of its own (not the generic default every wrapper starts from).
 */
function findsFunctionCalls(wrapper: ChatWrapper): boolean {
  if (wrapper instanceof JinjaTemplateChatWrapper) return wrapper.usingJinjaFunctionCallTemplate;
  const own = wrapper.settings.functions.call.prefix;
  const generic = ChatWrapper.defaultSettings.functions.call.prefix;
  return own.toString() !== generic.toString() && wrapper.wrapperName !== 'General';
}

/**
 * For each template: a tiny model with the template embedded is loaded (vocabulary only) and
 * node-llama-cpp resolves its chat wrapper as it would for a real model; the wrapper's side is
 * {@link functionCallSyntax}.
 */
export async function checkDetection(llama: Llama, files: readonly string[], root: string): Promise<DetectionFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'autoparser-detection-'));
  const rows: DetectionRow[] = [];
  try {
    for (const file of files) {
      const template = readFileSync(file, 'utf8');
      const syntax = functionCallSyntax(template);
      const modelPath = join(dir, `${basename(file, '.jinja')}.gguf`);
      let resolved: string;
      let ownDetection = false;
      try {
        writeTinyModel(modelPath, { template });
        const model = await llama.loadModel({ modelPath, vocabOnly: true });
        try {
          const wrapper = resolveChatWrapper(model);
          resolved = wrapper.wrapperName;
          ownDetection = findsFunctionCalls(wrapper);
        } finally {
          await model.dispose();
          rmSync(modelPath, { force: true });
        }
      } catch (error) {
        resolved = `error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
      }
      rows.push({ template: relative(root, file), resolved, ownDetection, wrapper: syntax.ok ? true : syntax.code });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { templates: rows.length, ownDetection: rows.filter((r) => r.ownDetection).length, wrapper: rows.filter((r) => r.wrapper === true).length, rows };
}
