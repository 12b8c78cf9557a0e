import type { AddressInfo } from 'node:net';
import type { WorkaroundPlugin } from '@autoparser/core';
import type { ChatEngine } from './engine.js';
import { createChatServer, type ChatServer } from './http-server.js';
import { loadLlamaEngine, type LlamaEngineOptions } from './llama-engine.js';

/** Options of {@link serve}. */
export interface ServeOptions extends LlamaEngineOptions {
  /** The chat template (default: the one embedded in the GGUF). */
  readonly template?: string | undefined;
  /** The workaround plugins, in order (default: the built-in ones). */
  readonly plugins?: readonly WorkaroundPlugin[] | undefined;
  /** Address to listen on (default 127.0.0.1). */
  readonly host?: string | undefined;
  /** Port (default 8080; 0 picks a free one). */
  readonly port?: number | undefined;
  /** Token cap of an answer whose request sets none (default 1024). */
  readonly defaultMaxTokens?: number | undefined;
  /** Reasoning tokens allowed when a request sets no budget (default: no limit). */
  readonly reasoningBudget?: number | undefined;
  /** Written before the reasoning end marker when a budget closes reasoning (default: nothing). */
  readonly reasoningBudgetMessage?: string | undefined;
  /** `tool_choice: "none"` also leaves the tools out of the prompt (default false: only out of the grammar). */
  readonly hideToolsOnNone?: boolean | undefined;
  /** Called with one line per notable event (default: nothing). */
  readonly log?: ((line: string) => void) | undefined;
}

/** A running server: where it listens, and how to stop it. */
export interface RunningServer {
  /** The bound address. */
  readonly address: AddressInfo;
  /** `http://host:port`. */
  readonly url: string;
  /** The engine (the loaded model). */
  readonly engine: ChatEngine;
  /** The HTTP layer. */
  readonly server: ChatServer;
  /** Stops listening and frees the model. */
  close(): Promise<void>;
}

/** Loads the model and serves it: what `autoparser serve` runs. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const engine = await loadLlamaEngine(options);
  try {
    const server = createChatServer({
      engine,
      template: options.template,
      plugins: options.plugins,
      defaultMaxTokens: options.defaultMaxTokens,
      reasoningBudget: options.reasoningBudget,
      reasoningBudgetMessage: options.reasoningBudgetMessage,
      hideToolsOnNone: options.hideToolsOnNone,
      log: options.log,
    });
    const address = await server.listen(options.port ?? 8080, options.host ?? '127.0.0.1');
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      address,
      url: `http://${host}:${address.port}`,
      engine,
      server,
      async close() {
        await server.close();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
