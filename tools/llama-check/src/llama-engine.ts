import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getLlama, LlamaLogLevel, type Llama, type LlamaGrammar } from 'node-llama-cpp';

/** A grammar llama.cpp loaded, or why it refused. */
export type LoadedGrammar = { readonly ok: true; readonly grammar: LlamaGrammar } | { readonly ok: false; readonly message: string };

/** llama.cpp as the checks use it: CPU only, one thread, never built or downloaded. */
export interface LlamaEngine {
  readonly llama: Llama;
  /** Parses GBNF with llama.cpp's parser (each text once per engine). */
  loadGrammar(gbnf: string): Promise<LoadedGrammar>;
  /** Does llama.cpp's matcher accept all of `text`? (node-llama-cpp's internal `_testText`, hence the pinned version.) */
  accepts(grammar: LlamaGrammar, text: string): boolean;
}

let shared: Promise<Llama> | undefined;

/**
 * The prebuilt linux-x64 CPU binary of node-llama-cpp, loaded once per process. Its logs go
 * nowhere below errors: the checks report what matters themselves.
 */
function sharedLlama(): Promise<Llama> {
  // Never download or build llama.cpp, even if a later version changes the defaults.
  process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';
  shared ??= getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    progressLogs: false,
    maxThreads: 1,
    logLevel: LlamaLogLevel.error,
    logger: () => {},
  });
  return shared;
}

// llama.cpp prints why it refuses a grammar with fprintf(stderr), out of the logger's reach;
// a refused grammar is rare, so it is parsed again in a child process that keeps stderr.
const EXPLAIN_SCRIPT = new URL('../scripts/explain-grammar.mjs', import.meta.url);

/** llama.cpp's own words on why `gbnf` does not parse (its stderr), or `fallback`. */
function explainRefusal(gbnf: string, fallback: string): string {
  const run = spawnSync(process.execPath, [fileURLToPath(EXPLAIN_SCRIPT)], {
    input: gbnf,
    encoding: 'utf8',
    env: { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
    timeout: 60_000,
  });
  const said = (run.stderr ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.includes('error parsing grammar') || line.includes('parse:'));
  return said ?? fallback;
}

/** Starts llama.cpp (a fraction of a second) and returns the engine. */
export async function createLlamaEngine(): Promise<LlamaEngine> {
  const llama = await sharedLlama();
  const grammars = new Map<string, Promise<LoadedGrammar>>();
  const load = async (gbnf: string): Promise<LoadedGrammar> => {
    try {
      return { ok: true, grammar: await llama.createGrammar({ grammar: gbnf }) };
    } catch (error) {
      const fallback = error instanceof Error ? error.message : String(error);
      return { ok: false, message: explainRefusal(gbnf, fallback) };
    }
  };
  return {
    llama,
    loadGrammar(gbnf) {
      let loaded = grammars.get(gbnf);
      if (loaded === undefined) {
        loaded = load(gbnf);
        grammars.set(gbnf, loaded);
      }
      return loaded;
    },
    accepts(grammar, text) {
      // `_testText` is internal in node-llama-cpp's types; the version is pinned exactly.
      return (grammar as unknown as { _testText(text: string): boolean })._testText(text);
    },
  };
}
