import { existsSync } from 'node:fs';
import type { ServeOptions, RunningServer } from '@autoparser/server';
import { CliError, errorMessage } from '../cli-error.js';
import { untilStopped } from '../until-stopped.js';
import type { CliIo, Style } from '../cli-io.js';
import { booleanFlag, integerFlag, parseCommandArgs, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

/** What `serve` reads beyond {@link CliIo}: it serves until Ctrl-C, or until `signal` aborts. */
export interface ServeIo extends CliIo {
  /** Stops the server (tests; the binary stops on SIGINT/SIGTERM). */
  readonly signal?: AbortSignal | undefined;
}

type ServerModule = { readonly serve: (options: ServeOptions) => Promise<RunningServer> };

/**
 * `@autoparser/server` (and with it node-llama-cpp) is an optional peer dependency, loaded
 * only here: the other commands install and run without it.
 */
async function loadServer(): Promise<ServerModule> {
  try {
    const loaded: ServerModule = await import('@autoparser/server');
    return loaded;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && errorMessage(error).includes('@autoparser/server')) {
      throw new CliError('serve: @autoparser/server is not installed (it brings node-llama-cpp, which runs the model)', 'npm install @autoparser/server');
    }
    throw new CliError(`serve: cannot load @autoparser/server: ${errorMessage(error).split('\n')[0] ?? ''}`, 'reinstall @autoparser/server (npm install @autoparser/server)');
  }
}

/** `autoparser serve <model.gguf> [--template FILE] [--host H] [--port N] [--context N] [--parallel N] [--threads N] [--reasoning-budget N] [--cpu] [--plugin M]`. */
export async function serveCommand(argv: readonly string[], cliIo: CliIo, style: Style, usage: string): Promise<number> {
  const io: ServeIo = cliIo;
  const args = parseCommandArgs('serve', argv, {
    template: { type: 'string' },
    variant: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    context: { type: 'string' },
    parallel: { type: 'string' },
    threads: { type: 'string' },
    'max-tokens': { type: 'string' },
    'reasoning-budget': { type: 'string' },
    'reasoning-budget-message': { type: 'string' },
    'no-tools-on-none': { type: 'boolean' },
    cpu: { type: 'boolean' },
    ...PLUGIN_OPTIONS,
  });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const modelPath = templateArg('serve', args, '<model.gguf>');
  if (!existsSync(modelPath)) throw new CliError(`serve: model file not found: ${modelPath}`, 'pass the path of a .gguf model');
  const port = integerFlag('serve', args, 'port', 0, 65535) ?? 8080;
  const contextSize = integerFlag('serve', args, 'context', 64, 1 << 24);
  const parallel = integerFlag('serve', args, 'parallel', 1, 256) ?? 1;
  const threads = integerFlag('serve', args, 'threads', 1, 1024);
  const defaultMaxTokens = integerFlag('serve', args, 'max-tokens', 1, 1 << 24);
  const reasoningBudget = integerFlag('serve', args, 'reasoning-budget', 0, 1 << 24);
  const reasoningBudgetMessage = stringFlag(args, 'reasoning-budget-message');
  const host = stringFlag(args, 'host') ?? '127.0.0.1';
  const templatePath = stringFlag(args, 'template');
  // The template of the GGUF itself unless --template says otherwise (the same reader as the other commands).
  const template = loadTemplate(templatePath ?? modelPath, stringFlag(args, 'variant'));
  const plugins = await loadPlugins(args);
  const { serve } = await loadServer();
  let running: RunningServer;
  try {
    running = await serve({
      modelPath,
      template: template.source,
      plugins,
      host,
      port,
      parallel,
      contextSize,
      threads,
      defaultMaxTokens,
      reasoningBudget,
      reasoningBudgetMessage,
      hideToolsOnNone: booleanFlag(args, 'no-tools-on-none'),
      gpu: booleanFlag(args, 'cpu') ? false : 'auto',
      log: (line) => io.stderr.write(`${line}\n`),
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EADDRINUSE') throw new CliError(`serve: port ${port} is in use`, 'pass --port N, or --port 0 for any free port');
    throw new CliError(`serve: cannot load ${modelPath}: ${errorMessage(error).split('\n')[0] ?? ''}`, 'is it a GGUF model that llama.cpp reads?');
  }
  try {
    io.stdout.write(`${style.bold('autoparser serve')}  ${running.url}/v1  (model ${running.engine.modelId})\n`);
    io.stdout.write(`template          ${template.kind === 'gguf' ? 'embedded in the model' : template.path}\n`);
    io.stdout.write(`slots             ${running.engine.slots} × ${running.engine.contextSize} tokens\n`);
    io.stdout.write(`${style.dim('POST /v1/chat/completions, /v1/responses, /v1/messages (+ /count_tokens); GET /v1/models, /health. Ctrl-C stops.')}\n`);
    await untilStopped(io.signal);
  } finally {
    await running.close();
  }
  return 0;
}
