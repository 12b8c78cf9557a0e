import { openSync, closeSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { CliError, errorMessage } from './cli-error.js';
import { readGgufChatTemplates, withFileSource } from './gguf-reader.js';

/** A chat template and where it came from. */
export interface LoadedTemplate {
  /** The Jinja source. */
  readonly source: string;
  /** `jinja`, `tokenizer_config` or `gguf`. */
  readonly kind: 'jinja' | 'tokenizer_config' | 'gguf';
  /** The variant picked from a tokenizer config or GGUF (`default` when unnamed). */
  readonly variant: string | undefined;
  /** The path given. */
  readonly path: string;
}

const SOURCES_HINT = 'pass a .jinja template, a Hugging Face tokenizer_config.json or a .gguf model';
const DEFAULT_VARIANT = 'default';

function firstBytes(path: string, length: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const n = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

function pickVariant(path: string, available: ReadonlyMap<string, string>, variant: string | undefined): [string, string] {
  const name = variant ?? DEFAULT_VARIANT;
  const source = available.get(name);
  if (source !== undefined) return [name, source];
  const names = [...available.keys()];
  throw new CliError(
    `${path}: no chat template named "${name}"${names.length > 0 ? `; available: ${names.join(', ')}` : ''}`,
    names.length > 0 ? `pick one with --variant NAME` : 'the file carries no chat template',
  );
}

/** The `chat_template` of a tokenizer config: a string, or a list of `{name, template}`. */
function tokenizerConfigTemplates(path: string, text: string): Map<string, string> {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON: ${errorMessage(error)}`, 'a tokenizer_config.json must be a JSON object');
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new CliError(`${path}: not a JSON object`, 'a tokenizer_config.json must be a JSON object');
  }
  const template: unknown = (config as Record<string, unknown>)['chat_template'];
  if (typeof template === 'string') return new Map([[DEFAULT_VARIANT, template]]);
  if (Array.isArray(template)) {
    const named = new Map<string, string>();
    for (const entry of template as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { name, template: body } = entry as Record<string, unknown>;
      if (typeof name === 'string' && typeof body === 'string') named.set(name, body);
    }
    if (named.size > 0) return named;
  }
  throw new CliError(
    `${path}: no "chat_template" string or list of {name, template}`,
    'newer models keep the template in chat_template.jinja next to the config; pass that file',
  );
}

/**
 * Reads a chat template from a `.jinja` file, a Hugging Face `tokenizer_config.json`
 * (`chat_template` as a string or a list of named templates) or a `.gguf` model
 * (`tokenizer.chat_template[.NAME]` in its metadata). The kind is told by the GGUF magic,
 * then by a `.json` name; anything else is read as Jinja text.
 *
 * @throws {@link CliError} for a missing file, bad JSON, a corrupt GGUF or an unknown variant.
 */
export function loadTemplate(path: string, variant?: string): LoadedTemplate {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new CliError(`template not found: ${path}`, SOURCES_HINT);
  }
  if (!isFile) throw new CliError(`not a file: ${path}`, SOURCES_HINT);
  const magic = new TextDecoder().decode(firstBytes(path, 4));
  if (magic === 'GGUF' || path.toLowerCase().endsWith('.gguf')) {
    const found = withFileSource(path, (source) => readGgufChatTemplates(source, path, variant ?? DEFAULT_VARIANT));
    const [name, source] = pickVariant(path, found.templates, variant);
    return { source, kind: 'gguf', variant: name, path };
  }
  const text = readFileSync(path, 'utf8');
  if (path.toLowerCase().endsWith('.json')) {
    const [name, source] = pickVariant(path, tokenizerConfigTemplates(path, text), variant);
    return { source, kind: 'tokenizer_config', variant: name, path };
  }
  if (variant !== undefined) {
    throw new CliError(`--variant does not apply to ${basename(path)}`, 'variants exist only in tokenizer_config.json and GGUF files');
  }
  return { source: text, kind: 'jinja', variant: undefined, path };
}
