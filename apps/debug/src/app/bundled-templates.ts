/** A model output to try, in a template's format. */
export interface ExampleOutput {
  readonly label: string;
  readonly output: string;
}

/** A real chat template shipped with the debugger (see `templates/ORIGIN.md`; Qwen3-Coder is the CLI's example). */
export interface BundledTemplate {
  /** The file name without `.jinja`. */
  readonly name: string;
  /** The template, byte for byte as in the file. */
  readonly source: string;
  /** Hand-written outputs for the default request (`NAME.examples.json`). */
  readonly examples: readonly ExampleOutput[];
}

// Vite inlines the files at build time, so the app needs no server to read them. The CLI's
// example template is read where it lives: one copy in the repository.
const SOURCES = import.meta.glob<string>(['../../templates/*.jinja', '../../../cli/examples/*.jinja'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const EXAMPLES = import.meta.glob<unknown>('../../templates/*.examples.json', { import: 'default', eager: true });

const baseName = (path: string, suffix: string): string => (path.split('/').pop() ?? path).slice(0, -suffix.length);

function readExamples(value: unknown, file: string): ExampleOutput[] {
  if (!Array.isArray(value)) throw new Error(`${file}: expected an array of {label, output}`);
  return value.map((entry: unknown, i) => {
    const { label, output } = (entry ?? {}) as Record<string, unknown>;
    if (typeof label !== 'string' || typeof output !== 'string') throw new Error(`${file}[${i}]: expected {label, output} strings`);
    return { label, output };
  });
}

/** The first one is what the debugger opens with. */
const FIRST = 'Qwen3-Coder';

/** The bundled templates, Qwen3-Coder first, the rest by name. */
export const BUNDLED_TEMPLATES: readonly BundledTemplate[] = Object.entries(SOURCES)
  .map(([path, source]): BundledTemplate => {
    const name = baseName(path, '.jinja');
    const examplesPath = Object.keys(EXAMPLES).find((p) => baseName(p, '.examples.json') === name);
    return { name, source, examples: examplesPath === undefined ? [] : readExamples(EXAMPLES[examplesPath], examplesPath) };
  })
  .sort((a, b) => (a.name === FIRST ? -1 : b.name === FIRST ? 1 : a.name.localeCompare(b.name)));

/** The bundled template of that name. */
export const bundledTemplate = (name: string): BundledTemplate | undefined => BUNDLED_TEMPLATES.find((t) => t.name === name);
